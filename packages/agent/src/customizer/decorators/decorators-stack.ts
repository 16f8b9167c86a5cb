import type { DataSource, Logger } from '@platform/datasource-toolkit';
import { ActionCollectionDecorator } from './action/action-collection-decorator';
import { BinaryCollectionDecorator } from './binary/binary-collection-decorator';
import { ChartDataSourceDecorator } from './chart/chart-data-source-decorator';
import { CollectionDecorator } from './collection-decorator';
import { ComputedCollectionDecorator } from './computed/computed-collection-decorator';
import { DataSourceDecorator } from './data-source-decorator';
import { EmptyCollectionDecorator } from './empty/empty-collection-decorator';
import { HookCollectionDecorator } from './hook/hook-collection-decorator';
import { OperatorsEmulateCollectionDecorator } from './operators-emulate/operators-emulate-collection-decorator';
import { OperatorsEquivalenceCollectionDecorator } from './operators-equivalence/operators-equivalence-collection-decorator';
import { OverrideCollectionDecorator } from './override/override-collection-decorator';
import { PublicationDataSourceDecorator } from './publication/publication-data-source-decorator';
import { RelationCollectionDecorator } from './relation/relation-collection-decorator';
import { RenameFieldCollectionDecorator } from './rename/rename-field-collection-decorator';
import { SchemaCollectionDecorator } from './schema/schema-collection-decorator';
import { SearchCollectionDecorator } from './search/search-collection-decorator';
import { SegmentCollectionDecorator } from './segment/segment-collection-decorator';
import { SortEmulateCollectionDecorator } from './sort-emulate/sort-emulate-collection-decorator';
import { ValidationCollectionDecorator } from './validation/validation-collection-decorator';
import { WriteCollectionDecorator } from './write/write-collection-decorator';

/** A queued customization: run when the agent builds its data source. */
export type Customization = (logger: Logger) => void | Promise<void>;

/**
 * The customization stack: one layer per capability, built from the database up. Requests enter at
 * the top (`dataSource`) and each layer rewrites them on their way down; results come back up.
 * A customization registers into the layer that owns it (`stack.relation.getCollection(name)...`).
 */
export class DecoratorsStack {
  readonly override: DataSourceDecorator<OverrideCollectionDecorator>;
  readonly earlyComputed: DataSourceDecorator<ComputedCollectionDecorator>;
  readonly earlyOpEmulate: DataSourceDecorator<OperatorsEmulateCollectionDecorator>;
  readonly relation: DataSourceDecorator<RelationCollectionDecorator>;
  readonly lateComputed: DataSourceDecorator<ComputedCollectionDecorator>;
  readonly lateOpEmulate: DataSourceDecorator<OperatorsEmulateCollectionDecorator>;
  readonly search: DataSourceDecorator<SearchCollectionDecorator>;
  readonly segment: DataSourceDecorator<SegmentCollectionDecorator>;
  readonly sortEmulate: DataSourceDecorator<SortEmulateCollectionDecorator>;
  readonly chart: ChartDataSourceDecorator;
  readonly action: DataSourceDecorator<ActionCollectionDecorator>;
  readonly schema: DataSourceDecorator<SchemaCollectionDecorator>;
  readonly write: DataSourceDecorator<WriteCollectionDecorator>;
  readonly hook: DataSourceDecorator<HookCollectionDecorator>;
  readonly validation: DataSourceDecorator<ValidationCollectionDecorator>;
  readonly binary: DataSourceDecorator<BinaryCollectionDecorator>;
  readonly publication: PublicationDataSourceDecorator;
  readonly renameField: DataSourceDecorator<RenameFieldCollectionDecorator>;
  /** The top of the stack: what the agent serves. */
  readonly dataSource: DataSource;

  private readonly customizations: Customization[] = [];

  constructor(base: DataSource) {
    let last: DataSource = base;

    // Overrides replace what the database does, so they sit right on it: every layer above
    // (hooks, validation, computed fields...) still applies to overridden writes.
    last = this.override = new DataSourceDecorator(last, OverrideCollectionDecorator);
    // Skips queries that provably match nothing (`In []`), which some databases reject.
    last = new DataSourceDecorator(last, EmptyCollectionDecorator);
    // Widens the native operators (Contains as Like, Today as a range...) for every layer above.
    last = new DataSourceDecorator(last, OperatorsEquivalenceCollectionDecorator);

    // Computed / relations / computed sandwich: emulated relations may use computed keys, and
    // computed fields may read through emulated relations. Each computed layer has its operator
    // emulation right above it (filtering on a computed field), widened again by equivalence.
    last = this.earlyComputed = new DataSourceDecorator(last, ComputedCollectionDecorator);
    last = this.earlyOpEmulate = new DataSourceDecorator(last, OperatorsEmulateCollectionDecorator);
    last = new DataSourceDecorator(last, OperatorsEquivalenceCollectionDecorator);
    last = this.relation = new DataSourceDecorator(last, RelationCollectionDecorator);
    last = this.lateComputed = new DataSourceDecorator(last, ComputedCollectionDecorator);
    last = this.lateOpEmulate = new DataSourceDecorator(last, OperatorsEmulateCollectionDecorator);
    last = new DataSourceDecorator(last, OperatorsEquivalenceCollectionDecorator);

    // These need every field (native, computed, related) and every operator; any order works.
    last = this.search = new DataSourceDecorator(last, SearchCollectionDecorator);
    last = this.segment = new DataSourceDecorator(last, SegmentCollectionDecorator);
    last = this.sortEmulate = new DataSourceDecorator(last, SortEmulateCollectionDecorator);

    // These use the collections as users see them, with emulated filters, search and sorts.
    last = this.chart = new ChartDataSourceDecorator(last);
    last = this.action = new DataSourceDecorator(last, ActionCollectionDecorator);
    // Schema flags (nullable, countable) describe the fields as the layers below built them.
    last = this.schema = new DataSourceDecorator(last, SchemaCollectionDecorator);
    // Writes of to-one relations and replaced fields become writes of columns here; hooks and
    // validation sit above, so they see the record as the user sent it.
    last = this.write = new DataSourceDecorator(last, WriteCollectionDecorator);
    last = this.hook = new DataSourceDecorator(last, HookCollectionDecorator);
    last = this.validation = new DataSourceDecorator(last, ValidationCollectionDecorator);
    // Binary columns travel as data URIs or hex above this point, as binary below it.
    last = this.binary = new DataSourceDecorator(last, BinaryCollectionDecorator);

    // Removed fields and collections stay usable by every layer below.
    last = this.publication = new PublicationDataSourceDecorator(last);
    // Renames come last: every customization names fields as the database does; users see the new names.
    last = this.renameField = new DataSourceDecorator(last, RenameFieldCollectionDecorator);

    // The entry changes nothing: from it, requests skip every layer where nothing is customized.
    this.dataSource = new DataSourceDecorator(last, CollectionDecorator);
  }

  /** Queues a customization. Queued customizations run in order, in `applyQueuedCustomizations`. */
  queueCustomization(customization: Customization): void {
    this.customizations.push(customization);
  }

  /**
   * Runs the queued customizations in order. What a customization queues while it runs (a plugin
   * calling the customizer) runs right after it, before the next one.
   */
  async applyQueuedCustomizations(logger: Logger): Promise<void> {
    const queued = this.customizations.splice(0);
    for (const customization of queued) {
      await customization(logger);
      await this.applyQueuedCustomizations(logger);
    }
  }
}
