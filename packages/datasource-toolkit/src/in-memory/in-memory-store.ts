import { ConflictError, MissingFieldError, NotFoundError } from '../errors/errors';
import { getCompositeId, getPrimaryKeys, packId } from '../records/packed-id';
import type { RecordData } from '../records/record';
import { type CollectionSchema, isColumn } from '../schema/collection-schema';
import { FieldValidator } from '../validation/field-validator';
import type { InMemoryTables } from './join-relations';

/**
 * The records of every in-memory collection. Records are copied on the way in (`insert`,
 * `update`) and readers copy them on the way out, so callers never share state with the store.
 *
 * @internal
 */
export class InMemoryStore implements InMemoryTables {
  private readonly tables = new Map<string, RecordData[]>();
  private readonly lastIds = new Map<string, number>();

  constructor(private readonly schemas: ReadonlyMap<string, CollectionSchema>) {
    for (const name of schemas.keys()) this.tables.set(name, []);
  }

  schema(collection: string): CollectionSchema {
    const schema = this.schemas.get(collection);
    if (schema === undefined) {
      throw new NotFoundError(
        `Collection '${collection}' does not exist. Collections: ${[...this.schemas.keys()].join(', ')}.`,
      );
    }

    return schema;
  }

  records(collection: string): readonly RecordData[] {
    this.schema(collection);

    return this.tables.get(collection) ?? [];
  }

  /**
   * Stores copies of `records` with every column set (given value, default, or null) and generated
   * ids for auto-increment Number primary keys. Returns the stored records (do not mutate them).
   * @throws ConflictError when two records would share a primary key; nothing is stored then.
   */
  insert(collection: string, records: readonly RecordData[]): RecordData[] {
    const created = records.map((record) => this.complete(collection, record));
    const table = [...this.records(collection), ...created];
    this.assertUnique(collection, table);
    this.tables.set(collection, table);

    return created;
  }

  private complete(collection: string, record: RecordData): RecordData {
    const schema = this.schema(collection);
    const stored: RecordData = {};
    for (const [name, field] of Object.entries(schema.fields)) {
      if (!isColumn(field)) continue;
      if (record[name] !== undefined && record[name] !== null) stored[name] = structuredClone(record[name]);
      else if (field.isAutoIncrement && field.columnType === 'Number') stored[name] = this.nextId(collection);
      else stored[name] = record[name] === null ? null : structuredClone(field.defaultValue ?? null);

      const value = stored[name];
      if (field.isAutoIncrement && typeof value === 'number') {
        this.lastIds.set(collection, Math.max(this.lastIds.get(collection) ?? 0, value));
      }
    }

    return stored;
  }

  /**
   * Replaces the stored records `targets` with `patch` applied, keeping their order.
   * @throws ConflictError when the patch gives two records the same primary key; nothing changes then.
   */
  update(collection: string, targets: ReadonlySet<RecordData>, patch: RecordData): void {
    const table = this.tables.get(collection) ?? [];
    const next = table.map((record) => (targets.has(record) ? { ...record, ...structuredClone(patch) } : record));
    this.assertUnique(collection, next);
    this.tables.set(collection, next);
  }

  /** Removes the stored records `targets`. */
  delete(collection: string, targets: ReadonlySet<RecordData>): void {
    this.tables.set(
      collection,
      (this.tables.get(collection) ?? []).filter((record) => !targets.has(record)),
    );
  }

  /** Checks the fields and value types of a seed record (read-only fields may be seeded). */
  validateSeed(collection: string, record: RecordData): void {
    const schema = this.schema(collection);
    for (const [name, value] of Object.entries(record)) {
      const field = schema.fields[name];
      if (!isColumn(field)) {
        throw new MissingFieldError(
          `Unknown column '${name}' in seed records of '${collection}'. Columns: ${Object.keys(schema.fields)
            .filter((key) => isColumn(schema.fields[key]))
            .join(', ')}.`,
        );
      }
      FieldValidator.validateValue(collection, name, field, value);
    }
  }

  private nextId(collection: string): number {
    const id = (this.lastIds.get(collection) ?? 0) + 1;
    this.lastIds.set(collection, id);

    return id;
  }

  private assertUnique(collection: string, records: readonly RecordData[]): void {
    const schema = this.schema(collection);
    if (getPrimaryKeys(schema).length === 0) return;
    const seen = new Set<string>();
    for (const record of records) {
      const packed = packId(schema, getCompositeId(schema, record));
      if (seen.has(packed)) throw new ConflictError(`A record of '${collection}' with id '${packed}' already exists.`);
      seen.add(packed);
    }
  }
}
