// This file passes 250 lines: it is the whole collection customizer table of spec §4.1, one short
// method each, and splitting it would scatter the one API users read.
import {
  allowedOperatorsForColumnType,
  type CollectionSchema,
  ConditionTreeLeaf,
  FieldValidator,
  getPrimaryKeys,
  type Operator,
  type RecordData,
  RecordUtils,
  type SortClause,
  VALIDATION_OPERATORS,
  ValidationError,
  type ValidationOperator,
} from '@platform/datasource-toolkit';
import type {
  CollectionName,
  CollectionRecord,
  ColumnName,
  FieldName,
  RelationName,
  TypingsSchema,
} from '../typings/typed-schema';
import type { DataSourceCustomizer } from './data-source-customizer';
import type { ActionDefinition } from './decorators/action/types';
import type { BinaryMode } from './decorators/binary/binary-collection-decorator';
import type { CollectionChartDefinition } from './decorators/chart/types';
import type { ComputedDefinition } from './decorators/computed/types';
import type { DecoratorsStack } from './decorators/decorators-stack';
import {
  HOOK_POSITIONS,
  HOOK_TYPES,
  type HookHandler,
  type HookPosition,
  type HookType,
} from './decorators/hook/types';
import type { OperatorReplacer } from './decorators/operators-emulate/types';
import type { OverrideCreateHandler, OverrideDeleteHandler, OverrideUpdateHandler } from './decorators/override/types';
import type {
  ExternalRelationDefinition,
  ManyToManyOptions,
  ManyToOneOptions,
  OneToManyOptions,
  OneToOneOptions,
} from './decorators/relation/types';
import type { SearchDefinition } from './decorators/search/types';
import type { SegmentDefinition } from './decorators/segment/types';
import type { WriteDefinition } from './decorators/write/types';
import { assertPlugin, runPlugin } from './run-plugin';
import type { Plugin } from './types';

/** Options of `importField`. */
export interface ImportFieldOptions<Path extends string = string> {
  /** The field to import, through to-one relations: `author:address:city`. */
  readonly path: Path;
  /** Refuse writes (default false: writes go to the related record, once the write layer is in). */
  readonly readonly?: boolean;
}

/**
 * Customizes one collection (spec §4.1). Every method queues its customization and returns the
 * customizer, so calls chain. Arguments are checked twice: their shape when the method is called,
 * and the names they use (fields, collections) when the agent builds, with errors that list what
 * exists. Fields are named as the data source names them: `renameField` applies last.
 *
 * @typeParam S the `Schema` type of the generated typings and `N` the collection's name in it, so
 *   that field names and paths are checked in the user's editor (`createAgent<Schema>()`). Without
 *   typings every name is a plain `string`.
 */
export class CollectionCustomizer<
  S extends TypingsSchema = TypingsSchema,
  N extends CollectionName<S> = CollectionName<S>,
> {
  readonly name: string;
  private readonly dataSourceCustomizer: DataSourceCustomizer;
  private readonly stack: DecoratorsStack;

  /** @internal Built by `DataSourceCustomizer`. */
  constructor(dataSourceCustomizer: DataSourceCustomizer, stack: DecoratorsStack, name: string) {
    this.dataSourceCustomizer = dataSourceCustomizer;
    this.stack = stack;
    this.name = name;
  }

  /** The collection's schema as customized so far (below publication and renames). */
  get schema(): CollectionSchema {
    return this.stack.binary.getCollection(this.name).schema;
  }

  // --- Other -----------------------------------------------------------------------------------

  /** Loads a plugin on this collection. A failure names the plugin. */
  use<Options>(plugin: Plugin<Options>, options?: Options): this {
    assertPlugin(plugin);

    return this.queue((logger) =>
      runPlugin(this.stack, plugin, this.dataSourceCustomizer, this, options as Options, logger),
    );
  }

  /** Removes the count from list pagination, for collections too big to count. */
  disableCount(): this {
    return this.queue(() => this.stack.schema.getCollection(this.name).disableCount());
  }

  // --- Actions ---------------------------------------------------------------------------------

  addAction(name: string, definition: ActionDefinition): this {
    return this.queue(() => this.stack.action.getCollection(this.name).addAction(name, definition));
  }

  // --- Fields ----------------------------------------------------------------------------------

  /**
   * Adds a computed field (spec §2.5). It is computed before the relations added by the customizer
   * when all its dependencies exist without them (so those relations may use it as a key), after
   * them otherwise.
   */
  addField(name: string, definition: ComputedDefinition<FieldName<S, N>, Partial<CollectionRecord<S, N>>>): this {
    return this.queue(() => {
      const early = this.stack.earlyComputed.getCollection(this.name);
      const isEarly = (definition?.dependencies ?? []).every((path) => {
        try {
          FieldValidator.validate(early, path);
          return true;
        } catch {
          return false;
        }
      });
      const layer = isEarly ? early : this.stack.lateComputed.getCollection(this.name);
      // The typings only narrow what users write: at run time the records are plain RecordData.
      layer.registerComputed(name, definition as unknown as ComputedDefinition);
    });
  }

  /**
   * Adds a field that reads a field of a related record (`path` like `author:name`, through to-one
   * relations). It filters and sorts as the original field does, natively.
   */
  importField(name: string, options: ImportFieldOptions<FieldName<S, N>>): this {
    if (typeof options?.path !== 'string') {
      throw new ValidationError(`importField('${name}') needs a path such as 'author:name'.`);
    }
    const { path, readonly = false } = options;

    return this.queue(() => {
      const column = FieldValidator.validate(this.stack.lateComputed.getCollection(this.name), path);
      this.stack.lateComputed.getCollection(this.name).registerComputed(name, {
        columnType: column.columnType,
        dependencies: [path],
        enumValues: column.enumValues,
        defaultValue: column.defaultValue,
        getValues: (records) => records.map((record) => RecordUtils.getFieldValue(record, path)),
      });

      const emulate = this.stack.lateOpEmulate.getCollection(this.name);
      const allowed = allowedOperatorsForColumnType(column.columnType);
      for (const operator of column.filterOperators) {
        if (allowed.has(operator)) {
          emulate.replaceFieldOperator(name, operator, (value) => new ConditionTreeLeaf(path, operator, value));
        }
      }
      if (column.isSortable !== false) {
        this.stack.sortEmulate.getCollection(this.name).replaceFieldSorting(name, [{ field: path, ascending: true }]);
      }
      if (!readonly && !column.isReadOnly) {
        this.stack.write.getCollection(this.name).replaceFieldWriting(name, (value) => nestPatch(path, value));
      }
    });
  }

  /** Renames a field for users; customizations keep using its original name. */
  renameField(currentName: ColumnName<S, N> | RelationName<S, N>, newName: string): this {
    return this.queue(() => this.stack.renameField.getCollection(this.name).renameField(currentName, newName));
  }

  /** Removes fields from the exported schema; customizations may still use them. */
  removeField(...names: Array<ColumnName<S, N> | RelationName<S, N>>): this {
    return this.queue(() => {
      const collection = this.stack.publication.getCollection(this.name);
      for (const name of names) collection.removeField(name);
    });
  }

  /** Adds a validation rule to a column: `Present`, `LongerThan`, `Contains`, `Before`... */
  addFieldValidation(name: ColumnName<S, N>, operator: ValidationOperator, value?: unknown): this {
    if (!(VALIDATION_OPERATORS as readonly string[]).includes(operator)) {
      throw new ValidationError(
        `Invalid validation operator ${JSON.stringify(operator)} for '${this.name}.${name}'. ` +
          `Operators: ${VALIDATION_OPERATORS.join(', ')}.`,
      );
    }

    return this.queue(() => this.stack.validation.getCollection(this.name).addValidation(name, { operator, value }));
  }

  /** Lets the agent accept null for a field; the database may still refuse empty values. */
  setFieldNullable(name: ColumnName<S, N>): this {
    return this.queue(() => this.stack.schema.getCollection(this.name).setFieldNullable(name));
  }

  /** Turns a value written to `name` into a patch of other fields. */
  replaceFieldWriting(name: ColumnName<S, N>, definition: WriteDefinition): this {
    assertFunction(definition, `replaceFieldWriting('${name}')`);

    return this.queue(() => this.stack.write.getCollection(this.name).replaceFieldWriting(name, definition));
  }

  /** How a binary column travels: `datauri` (files) or `hex` (short binary such as ids). */
  replaceFieldBinaryMode(name: ColumnName<S, N>, mode: BinaryMode): this {
    if (mode !== 'datauri' && mode !== 'hex') {
      throw new ValidationError(
        `Invalid binary mode ${JSON.stringify(mode)} for '${this.name}.${name}': use 'datauri' or 'hex'.`,
      );
    }

    return this.queue(() => this.stack.binary.getCollection(this.name).setBinaryMode(name, mode));
  }

  // --- Relations -------------------------------------------------------------------------------

  /** This collection's `foreignKey` points at `foreignCollection` (its primary key by default). */
  addManyToOneRelation<F extends CollectionName<S>>(
    name: string,
    foreignCollection: F,
    options: ManyToOneOptions<ColumnName<S, N>, ColumnName<S, F>>,
  ): this {
    return this.queue(() =>
      this.stack.relation
        .getCollection(this.name)
        .addRelation(name, { type: 'ManyToOne', foreignCollection, ...options }),
    );
  }

  /** `foreignCollection`'s `originKey` points at this collection (its primary key by default). */
  addOneToManyRelation<F extends CollectionName<S>>(
    name: string,
    foreignCollection: F,
    options: OneToManyOptions<ColumnName<S, F>, ColumnName<S, N>>,
  ): this {
    return this.queue(() =>
      this.stack.relation
        .getCollection(this.name)
        .addRelation(name, { type: 'OneToMany', foreignCollection, ...options }),
    );
  }

  /** As one-to-many, with at most one related record. */
  addOneToOneRelation<F extends CollectionName<S>>(
    name: string,
    foreignCollection: F,
    options: OneToOneOptions<ColumnName<S, F>, ColumnName<S, N>>,
  ): this {
    return this.queue(() =>
      this.stack.relation
        .getCollection(this.name)
        .addRelation(name, { type: 'OneToOne', foreignCollection, ...options }),
    );
  }

  /** Links through `throughCollection`, whose `originKey` points here and `foreignKey` there. */
  addManyToManyRelation<F extends CollectionName<S>, T extends CollectionName<S>>(
    name: string,
    foreignCollection: F,
    throughCollection: T,
    options: ManyToManyOptions<ColumnName<S, T>, ColumnName<S, N>, ColumnName<S, F>>,
  ): this {
    return this.queue(() =>
      this.stack.relation
        .getCollection(this.name)
        .addRelation(name, { type: 'ManyToMany', foreignCollection, throughCollection, ...options }),
    );
  }

  /** Records that live outside the data sources, as a read-only list field (see the definition). */
  addExternalRelation(name: string, definition: ExternalRelationDefinition): this {
    if (typeof definition?.schema !== 'object' || definition.schema === null) {
      throw new ValidationError(`addExternalRelation('${name}') needs a schema: field name → column type.`);
    }
    assertFunction(definition.listRecords, `addExternalRelation('${name}').listRecords`);

    return this.queue(() => {
      const collection = this.stack.lateComputed.getCollection(this.name);
      collection.registerComputed(name, {
        columnType: [definition.schema],
        dependencies: definition.dependencies ?? getPrimaryKeys(collection.schema),
        // One call per distinct record of the page (records arrive deduplicated), concurrently.
        getValues: (records, context) => records.map((record) => definition.listRecords(record, context)),
      });
    });
  }

  // --- Segments, search, sorting, filtering ---------------------------------------------------

  addSegment(name: string, definition: SegmentDefinition): this {
    return this.queue(() => this.stack.segment.getCollection(this.name).addSegment(name, definition));
  }

  replaceSearch(definition: SearchDefinition): this {
    assertFunction(definition, 'replaceSearch');

    return this.queue(() => this.stack.search.getCollection(this.name).replaceSearch(definition));
  }

  disableSearch(): this {
    return this.queue(() => this.stack.search.getCollection(this.name).disableSearch());
  }

  /** Sorts on `name` in memory. Costly: every matching record is read to sort one page. */
  emulateFieldSorting(name: ColumnName<S, N>): this {
    return this.queue(() => this.stack.sortEmulate.getCollection(this.name).emulateFieldSorting(name));
  }

  /** Sorting on `name` means sorting on `equivalentSort` (clauses relative to ascending order). */
  replaceFieldSorting(name: ColumnName<S, N>, equivalentSort: readonly SortClause[]): this {
    return this.queue(() => this.stack.sortEmulate.getCollection(this.name).replaceFieldSorting(name, equivalentSort));
  }

  disableFieldSorting(name: ColumnName<S, N>): this {
    return this.queue(() => this.stack.sortEmulate.getCollection(this.name).disableFieldSorting(name));
  }

  /** Makes every operator of the field's type usable, emulating in memory those the data source lacks. Costly. */
  emulateFieldFiltering(name: ColumnName<S, N>): this {
    return this.queue(() => this.operatorLayer(name).emulateFieldFiltering(name));
  }

  /** Makes `operator` usable on `name`, evaluated in memory. Costly: every record is read. */
  emulateFieldOperator(name: ColumnName<S, N>, operator: Operator): this {
    return this.queue(() => this.operatorLayer(name).emulateFieldOperator(name, operator));
  }

  /** Makes `operator` usable on `name` by rewriting it into conditions the data source can run. */
  replaceFieldOperator(name: ColumnName<S, N>, operator: Operator, replacer: OperatorReplacer): this {
    assertFunction(replacer, `replaceFieldOperator('${name}', '${operator}')`);

    return this.queue(() => this.operatorLayer(name).replaceFieldOperator(name, operator, replacer));
  }

  // --- Charts, hooks, overrides ---------------------------------------------------------------

  addChart(name: string, definition: CollectionChartDefinition): this {
    assertFunction(definition, `addChart('${name}')`);

    return this.queue(() => this.stack.chart.getCollection(this.name).addChart(name, definition));
  }

  /** Runs `handler` Before or After an operation; a Before hook that throws aborts it. */
  addHook<P extends HookPosition, T extends HookType>(position: P, type: T, handler: HookHandler<P, T>): this {
    if (!HOOK_POSITIONS.includes(position) || !HOOK_TYPES.includes(type)) {
      throw new ValidationError(
        `Invalid hook ${JSON.stringify(position)} ${JSON.stringify(type)} on '${this.name}'. ` +
          `Positions: ${HOOK_POSITIONS.join(', ')}; types: ${HOOK_TYPES.join(', ')}.`,
      );
    }
    assertFunction(handler, `addHook('${position}', '${type}')`);

    return this.queue(() => this.stack.hook.getCollection(this.name).addHook<P, T>(position, type, handler));
  }

  overrideCreate(handler: OverrideCreateHandler): this {
    assertFunction(handler, 'overrideCreate');

    return this.queue(() => this.stack.override.getCollection(this.name).addCreateHandler(handler));
  }

  overrideUpdate(handler: OverrideUpdateHandler): this {
    assertFunction(handler, 'overrideUpdate');

    return this.queue(() => this.stack.override.getCollection(this.name).addUpdateHandler(handler));
  }

  overrideDelete(handler: OverrideDeleteHandler): this {
    assertFunction(handler, 'overrideDelete');

    return this.queue(() => this.stack.override.getCollection(this.name).addDeleteHandler(handler));
  }

  // --- Internals -------------------------------------------------------------------------------

  /** Queues `customization`; it fails at build time when this collection does not exist. */
  private queue(customization: (logger: import('@platform/datasource-toolkit').Logger) => unknown): this {
    this.stack.queueCustomization(async (logger) => {
      this.stack.dataSource.getCollection(this.name);
      await customization(logger);
    });

    return this;
  }

  /** Computed fields added before relations are emulated by the early layer, the others by the late one. */
  private operatorLayer(name: string) {
    const early = this.stack.earlyOpEmulate.getCollection(this.name);

    return Object.hasOwn(early.schema.fields, name) ? early : this.stack.lateOpEmulate.getCollection(this.name);
  }
}

function assertFunction(value: unknown, what: string): void {
  if (typeof value !== 'function') throw new ValidationError(`${what} expects a function, got ${typeof value}.`);
}

/** `author:address:city` and a value → `{ author: { address: { city: value } } }`. */
function nestPatch(path: string, value: unknown): RecordData {
  return path
    .split(':')
    .reverse()
    .reduce<unknown>((inner, segment) => ({ [segment]: inner }), value) as RecordData;
}
