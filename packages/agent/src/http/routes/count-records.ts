import { Aggregation, type Collection, type Filter } from '@platform/datasource-toolkit';
import type { RouteContext } from '../route-context';

/** The body of a count route: the count, or `'deactivated'` when the collection is not countable. */
export async function countRecords(
  context: RouteContext,
  collection: Collection,
  filter: Filter,
): Promise<{ meta: { count: number | 'deactivated' } }> {
  if (!collection.schema.countable) return { meta: { count: 'deactivated' } };

  const [row] = await collection.aggregate(context.caller, filter, new Aggregation({ operation: 'Count' }));

  return { meta: { count: Number(row?.value ?? 0) } };
}
