import { Aggregation, type Caller, type Collection, type Filter } from '@platform/datasource-toolkit';

/** How many records match `filter` (already scoped and authorized); null when the collection is not countable. */
export async function countMatching(caller: Caller, collection: Collection, filter: Filter): Promise<number | null> {
  if (!collection.schema.countable) return null;

  const [row] = await collection.aggregate(caller, filter, new Aggregation({ operation: 'Count' }));

  return Number(row?.value ?? 0);
}
