import {
  type AggregateResult,
  type Aggregation,
  type Caller,
  type Collection,
  type CollectionSchema,
  type FieldSchema,
  type Filter,
  isColumn,
  isToOneRelation,
  type PaginatedFilter,
  type Projection,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';
import { CollectionDecorator, overrideFilter } from '../collection-decorator';
import { assertColumn } from '../field-checks';
import { decodeBinary, encodeBinary } from './binary-conversion';
import { binaryValidation } from './binary-validation';
import { BINARY_MODES, type BinaryMode } from './types';

export type { BinaryMode } from './types';

/**
 * Converts `Binary` columns to and from strings, since JSON cannot carry bytes: `hex` for primary
 * and relation keys by default (they identify records and must compare as text), `datauri` for the
 * others (files). `replaceFieldBinaryMode` chooses. Records are converted on reads and writes
 * (nested to-one records too), and `Equal`/`NotEqual`/`In`/`NotIn` values in filters.
 *
 * Only top-level `Binary` columns are converted, not binaries inside Json, object or array types.
 */
export class BinaryCollectionDecorator extends CollectionDecorator {
  protected readonly modes = new Map<string, BinaryMode>();
  /** The mode of every binary column, computed once per child schema (see `binaryModes`). */
  private cachedModes: {
    readonly childSchema: CollectionSchema;
    readonly modes: ReadonlyMap<string, BinaryMode>;
  } | null = null;

  /** @throws MissingFieldError for an unknown field; ValidationError for a non-binary column or an unknown mode. */
  setBinaryMode(name: string, mode: BinaryMode): void {
    const column = assertColumn(this.childCollection, name);
    if (column.columnType !== 'Binary') {
      const binaries = Object.keys(this.childCollection.schema.fields).filter((key) => this.getBinaryMode(key));
      throw new ValidationError(
        `Cannot set a binary mode on '${this.name}.${name}': it is not a Binary column. ` +
          `Binary columns: ${binaries.join(', ') || 'none'}.`,
        { details: { collection: this.name, field: name, allowed: binaries } },
      );
    }
    if (!BINARY_MODES.includes(mode)) {
      throw new ValidationError(
        `Unknown binary mode ${JSON.stringify(mode)} for '${this.name}.${name}': expected ${BINARY_MODES.join(' or ')}.`,
      );
    }
    this.modes.set(name, mode);
    this.markSchemaAsDirty();
  }

  /** The mode of column `name`, or undefined when it is not a Binary column. */
  getBinaryMode(name: string): BinaryMode | undefined {
    return this.binaryModes().get(name);
  }

  override markSchemaAsDirty(): void {
    this.cachedModes = null;
    super.markSchemaAsDirty();
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields: Record<string, FieldSchema> = {};
    for (const [name, field] of Object.entries(childSchema.fields)) {
      const mode = this.getBinaryMode(name);
      fields[name] =
        isColumn(field) && mode
          ? {
              ...field,
              columnType: mode === 'hex' ? 'String' : 'File',
              validation: binaryValidation(mode, field.validation),
              ...(field.defaultValue === undefined ? {} : { defaultValue: encodeBinary(field.defaultValue, mode) }),
            }
          : field;
    }

    return { ...childSchema, fields };
  }

  /** A layer without Binary columns has nothing to convert. */
  override get isCustomized(): boolean {
    return this.binaryModes().size > 0;
  }

  protected override async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    // Only conditions on binary columns are decoded: other filters pass as they are.
    if (!filter.conditionTree?.someLeaf((leaf) => modeAt(this, leaf.field) !== undefined)) return filter;
    const conditionTree = filter.conditionTree.replaceLeafs((leaf) => {
      const mode = modeAt(this, leaf.field);
      if (!mode) return leaf;
      const path = `${this.name}.${leaf.field}`;
      if (leaf.operator === 'In' || leaf.operator === 'NotIn') {
        const values = Array.isArray(leaf.value) ? leaf.value : [];
        return leaf.override({ value: values.map((value) => decodeBinary(value, mode, path)) });
      }
      if (leaf.operator === 'Equal' || leaf.operator === 'NotEqual') {
        return leaf.override({ value: decodeBinary(leaf.value, mode, path) });
      }

      return leaf;
    });

    return overrideFilter(filter, { conditionTree: conditionTree ?? undefined });
  }

  override async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    const records = await super.list(caller, filter, projection);
    // Records hold the projected paths only: without a binary column among them, nothing to convert.
    if (!projection.some((path) => modeAt(this, path) !== undefined)) return records;

    return records.map((record) => convertRecord(this, record, 'read'));
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    const rows = await super.aggregate(caller, filter, aggregation, limit);
    const modes = aggregation.groups.map((group) => [group.field, modeAt(this, group.field)] as const);
    if (!modes.some(([, mode]) => mode)) return rows;

    return rows.map((row) => {
      const group = { ...row.group };
      for (const [field, mode] of modes) if (mode) group[field] = encodeBinary(group[field], mode);

      return { ...row, group };
    });
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const created = await super.create(
      caller,
      records.map((record) => convertRecord(this, record, 'write')),
    );

    return created.map((record) => convertRecord(this, record, 'read'));
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    return super.update(caller, filter, convertRecord(this, patch, 'write'));
  }

  /**
   * The mode of each binary column: the chosen one, else the default. Cached for the child schema
   * it was computed from (a child schema that changes is a new object) and until `setBinaryMode`.
   */
  private binaryModes(): ReadonlyMap<string, BinaryMode> {
    const childSchema = this.childCollection.schema;
    if (this.cachedModes?.childSchema !== childSchema) {
      const modes = defaultBinaryModes(childSchema);
      for (const [name, mode] of this.modes) modes.set(name, mode);
      this.cachedModes = { childSchema, modes };
    }

    return this.cachedModes.modes;
  }
}

/** The default mode of every Binary column of `schema` (see `defaultBinaryMode`). */
function defaultBinaryModes(schema: CollectionSchema): Map<string, BinaryMode> {
  const modes = new Map<string, BinaryMode>();
  for (const name of Object.keys(schema.fields)) {
    const mode = defaultBinaryMode(schema, name);
    if (mode) modes.set(name, mode);
  }

  return modes;
}

/** Hex for primary keys and the keys this collection's relations use; datauri for other binaries. */
function defaultBinaryMode(schema: CollectionSchema, name: string): BinaryMode | undefined {
  const field = Object.hasOwn(schema.fields, name) ? schema.fields[name] : undefined;
  if (!isColumn(field) || field.columnType !== 'Binary') return undefined;
  if (field.isPrimaryKey) return 'hex';
  const isKey = Object.values(schema.fields).some((other) =>
    other.type === 'ManyToOne' ? other.foreignKey === name : other.type !== 'Column' && other.originKeyTarget === name,
  );

  return isKey ? 'hex' : 'datauri';
}

/** The mode of a column of any collection: this layer's choice when it is one, else the default. */
function modeOf(collection: Collection, name: string): BinaryMode | undefined {
  return collection instanceof BinaryCollectionDecorator
    ? collection.getBinaryMode(name)
    : defaultBinaryMode(collection.schema, name);
}

/** The mode of the column at `path` (`author:avatar` follows to-one relations). */
function modeAt(collection: Collection, path: string): BinaryMode | undefined {
  const index = path.indexOf(':');
  if (index === -1) return modeOf(collection, path);
  const foreign = foreignOf(collection, path.slice(0, index));

  return foreign && modeAt(foreign, path.slice(index + 1));
}

function foreignOf(collection: Collection, relation: string): Collection | undefined {
  const field = collection.schema.fields[relation];

  return isToOneRelation(field) ? collection.dataSource.getCollection(field.foreignCollection) : undefined;
}

/** A copy of `record` with its binary columns (and those of nested to-one records) converted. */
function convertRecord(collection: Collection, record: RecordData, direction: 'read' | 'write'): RecordData {
  const result: RecordData = {};
  for (const [key, value] of Object.entries(record)) {
    const mode = modeOf(collection, key);
    const foreign = mode ? undefined : foreignOf(collection, key);
    if (mode) {
      result[key] =
        direction === 'read' ? encodeBinary(value, mode) : decodeBinary(value, mode, `${collection.name}.${key}`);
    } else if (foreign && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      result[key] = convertRecord(foreign, value as RecordData, direction);
    } else {
      result[key] = value;
    }
  }

  return result;
}
