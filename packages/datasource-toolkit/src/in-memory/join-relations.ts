import type { Projection } from '../query/projection';
import type { RecordData } from '../records/record';
import { type CollectionSchema, isToOneRelation } from '../schema/collection-schema';

/** Reads the stored records and schema of a collection. */
export interface InMemoryTables {
  schema(collection: string): CollectionSchema;
  records(collection: string): readonly RecordData[];
}

/**
 * Copies of `records` with the to-one relations that `projection` reads attached as nested
 * records (null when no record matches), recursively. Foreign records are indexed once per call.
 *
 * @internal
 */
export function joinRelations(
  tables: InMemoryTables,
  collection: string,
  records: readonly RecordData[],
  projection: Projection,
): RecordData[] {
  const rows = records.map((record) => ({ ...record }));
  const schema = tables.schema(collection);
  for (const [relation, subProjection] of Object.entries(projection.relations)) {
    const field = schema.fields[relation];
    if (!isToOneRelation(field)) continue;

    const [ownKey, foreignKey] =
      field.type === 'ManyToOne'
        ? [field.foreignKey, field.foreignKeyTarget]
        : [field.originKeyTarget, field.originKey];
    const foreignRecords = tables.records(field.foreignCollection);
    const joined = joinRelations(tables, field.foreignCollection, foreignRecords, subProjection);
    const index = new Map<string, RecordData>();
    joined.forEach((foreign) => {
      const key = toKey(foreign[foreignKey]);
      if (key !== undefined && !index.has(key)) index.set(key, foreign);
    });

    for (const row of rows) {
      const key = toKey(row[ownKey]);
      row[relation] = key === undefined ? null : (index.get(key) ?? null);
    }
  }

  return rows;
}

// Keys compare by their string form, so that a numeric foreign key matches a numeric-string target.
function toKey(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}
