import type { PaginatedFilter } from '@platform/datasource-toolkit';
import { buildListFilter } from './list-filter';
import type { ListQuery } from './list-query';
import type { OperationContext } from './operation-context';
import { buildForeignFilter, type ToManyTarget } from './relation-target';

/**
 * The filter of a list, count or export of the records linked to one record: the query on the
 * foreign collection within the caller's scope there, limited to the records the relation links.
 * @throws NotFoundError when the parent record is not visible to the caller.
 */
export async function buildRelatedFilter(
  context: OperationContext,
  target: ToManyTarget,
  query: ListQuery,
): Promise<PaginatedFilter> {
  return buildForeignFilter(context, target, await buildListFilter(context, target.foreign, query));
}
