import {
  type ActionFormField,
  type ActionResult,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type Chart,
  type Collection,
  type CollectionSchema,
  type CompositeId,
  type DataSource,
  type Filter,
  type FilterParts,
  PaginatedFilter,
  type Projection,
  type RecordData,
} from '@platform/datasource-toolkit';

import { DataSourceDecorator } from './data-source-decorator';

/**
 * The base of every layer of the customization stack: a collection that delegates every method
 * of the collection contract to the collection below it (its child), unchanged.
 *
 * A layer changes one thing by overriding only what it needs:
 * - `refineSchema(childSchema)` derives this layer's schema from the child's. The result is cached;
 *   a layer whose configuration changes (a field was added, a hook registered...) calls
 *   `markSchemaAsDirty()`, which clears its cache and the caches of every layer above it.
 * - `refineFilter(caller, filter)` rewrites the filter of `list`, `aggregate`, `update`, `delete`,
 *   `execute` and `getForm` on its way down (the default returns it unchanged).
 * - any method of the contract, to rewrite requests on their way down and results on their way up.
 * - `isCustomized`, false while the layer has nothing to do. Requests skip a layer where no
 *   collection is customized: its overrides are never called, so they need no fast path.
 *
 * A layer never issues one query per record: it works on the whole page it was given.
 *
 * @example
 * // A layer that hides the `password` column and never lets it be read.
 * class HidePasswordCollectionDecorator extends CollectionDecorator {
 *   protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
 *     const { password: _hidden, ...fields } = childSchema.fields;
 *     return { ...childSchema, fields };
 *   }
 * }
 * const dataSource = new DataSourceDecorator(childDataSource, HidePasswordCollectionDecorator);
 */
export class CollectionDecorator implements Collection {
  /** The data source decorator of the same layer: sibling collections are read through it. */
  readonly dataSource: DataSource;
  protected readonly childCollection: Collection;

  private cachedSchema: CollectionSchema | null = null;
  private readonly parents = new Set<CollectionDecorator>();

  constructor(childCollection: Collection, dataSource: DataSource) {
    this.childCollection = childCollection;
    this.dataSource = dataSource;
    // The layer above depends on our schema: when ours changes, theirs must be recomputed.
    if (childCollection instanceof CollectionDecorator) childCollection.parents.add(this);
  }

  get name(): string {
    return this.childCollection.name;
  }

  /** This layer's schema, computed once from the child's by `refineSchema` and cached. */
  get schema(): CollectionSchema {
    this.cachedSchema ??= this.refineSchema(this.childCollection.schema);

    return this.cachedSchema;
  }

  /**
   * Whether this collection may change a request or a result. True unless a subclass knows
   * better: a layer that acts only on what was registered on it answers from that.
   */
  get isCustomized(): boolean {
    return true;
  }

  /**
   * Forgets the cached schema of this layer and of every layer above it, and whether this layer
   * is customized. Call it after every change of the layer's configuration.
   */
  markSchemaAsDirty(): void {
    this.cachedSchema = null;
    if (this.dataSource instanceof DataSourceDecorator) this.dataSource.forgetCustomization();
    for (const parent of this.parents) parent.markSchemaAsDirty();
  }

  async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    return this.next.list(caller, await this.refineFilter(caller, filter), projection);
  }

  async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    return this.next.aggregate(caller, await this.refineFilter(caller, filter), aggregation, limit);
  }

  async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    return this.next.create(caller, records);
  }

  async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    return this.next.update(caller, await this.refineFilter(caller, filter), patch);
  }

  async delete(caller: Caller, filter: Filter): Promise<void> {
    return this.next.delete(caller, await this.refineFilter(caller, filter));
  }

  async execute(caller: Caller, name: string, formValues: RecordData, filter?: Filter): Promise<ActionResult> {
    const refined = filter === undefined ? undefined : await this.refineFilter(caller, filter);

    return this.next.execute(caller, name, formValues, refined);
  }

  async getForm(
    caller: Caller,
    name: string,
    formValues?: RecordData,
    filter?: Filter,
    metas?: { readonly changedField?: string; readonly searchField?: string; readonly searchValue?: string },
  ): Promise<ActionFormField[]> {
    const refined = filter === undefined ? undefined : await this.refineFilter(caller, filter);

    return this.next.getForm(caller, name, formValues, refined, metas);
  }

  async renderChart(caller: Caller, name: string, recordId: CompositeId): Promise<Chart> {
    return this.next.renderChart(caller, name, recordId);
  }

  /** Derives this layer's schema from the child's. Called once until `markSchemaAsDirty()`. */
  protected refineSchema(childSchema: CollectionSchema): CollectionSchema {
    return childSchema;
  }

  /**
   * Rewrites a filter on its way down. It receives `PaginatedFilter`s from `list` and plain
   * `Filter`s elsewhere, and must return the same kind: use `overrideFilter` to keep it.
   */
  protected async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    return filter;
  }

  /**
   * Where requests go: the child, or past it and every layer below where no collection is
   * customized. Those layers have nothing to do: the request and the result pass them untouched
   * (the same objects), without calling them.
   */
  private get next(): Collection {
    let next = this.childCollection;
    while (next instanceof CollectionDecorator && !next.isLayerCustomized) next = next.childCollection;

    return next;
  }

  /** Whether a collection of this layer is customized (this one, for a collection built outside a layer). */
  private get isLayerCustomized(): boolean {
    return this.dataSource instanceof DataSourceDecorator ? this.dataSource.isCustomized : this.isCustomized;
  }
}

/** A copy of `filter` with `parts` replaced, of the same class (`PaginatedFilter` stays one). */
export function overrideFilter<F extends Filter>(filter: F, parts: FilterParts): F {
  // `override` is polymorphic: PaginatedFilter#override returns a PaginatedFilter.
  return filter.override(parts) as F;
}

/** The same records as `filter`, as a list filter without sort or page (to list what an aggregate reads). */
export function toPaginatedFilter(filter: Filter): PaginatedFilter {
  return new PaginatedFilter({
    conditionTree: filter.conditionTree,
    search: filter.search,
    searchExtended: filter.searchExtended,
    segment: filter.segment,
  });
}
