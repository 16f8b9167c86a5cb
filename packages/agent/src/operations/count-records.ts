import type { Collection } from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import { countMatching } from './count-matching';
import { buildListFilter } from './list-filter';
import type { ListQuery } from './list-query';
import type { OperationContext } from './operation-context';

/**
 * How many records of a collection the caller sees match the query; null when the collection
 * is not countable.
 * @throws ForbiddenError when the caller may not browse the collection.
 */
export async function countRecords(
  context: OperationContext,
  input: { readonly collection: Collection; readonly query: ListQuery },
): Promise<number | null> {
  const filter = await buildListFilter(context, input.collection, input.query);
  await authorize(context, 'browse', input.collection, { filter });

  return countMatching(context.caller, input.collection, filter);
}
