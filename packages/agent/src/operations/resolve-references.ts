import { type Collection, getPrimaryKeys, Projection, type RecordData } from '@platform/datasource-toolkit';
import { findRecord } from './find-record';
import { getCollection } from './get-collection';
import type { OperationContext } from './operation-context';
import { parseId } from './parse-id';

/**
 * A copy of `record` where each ManyToOne relation given as a packed id (or null) is replaced
 * by its foreign key: `{ author: '3' }` becomes `{ authorId: 3 }`. Nested records are kept for
 * the collection to write.
 * @throws ValidationError for a bad id; NotFoundError when a referenced record is not visible
 *   (only checked when the key does not point at the foreign primary key).
 */
export async function resolveReferences(
  context: OperationContext,
  collection: Collection,
  record: RecordData,
): Promise<RecordData> {
  const resolved: RecordData = { ...record };
  for (const [name, value] of Object.entries(record)) {
    const field = collection.schema.fields[name];
    if (field?.type !== 'ManyToOne' || (typeof value === 'object' && value !== null)) continue;

    delete resolved[name];
    resolved[field.foreignKey] = await referencedValue(context, collection, name, value);
  }

  return resolved;
}

/** The foreign key value that makes ManyToOne `relation` point at the record `packedId` (null unlinks). */
export async function referencedValue(
  context: OperationContext,
  collection: Collection,
  relation: string,
  packedId: unknown,
): Promise<unknown> {
  const field = collection.schema.fields[relation];
  if (packedId === null || field?.type !== 'ManyToOne') return null;

  const foreign = getCollection(context, field.foreignCollection);
  const id = parseId(foreign, packedId);
  const pks = getPrimaryKeys(foreign.schema);
  if (pks.length === 1 && pks[0] === field.foreignKeyTarget) return id[0];

  const record = await findRecord(context, foreign, id, new Projection(field.foreignKeyTarget));

  return record[field.foreignKeyTarget];
}
