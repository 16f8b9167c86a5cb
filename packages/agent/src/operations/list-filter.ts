import { type Collection, PaginatedFilter } from '@platform/datasource-toolkit';
import type { ListQuery } from './list-query';
import type { OperationContext } from './operation-context';
import { restrictToScope } from './restrict-to-scope';

/** The filter of a list, count or export: the query's parts, with the caller's scope intersected. */
export async function buildListFilter(
  context: OperationContext,
  collection: Collection,
  query: ListQuery,
): Promise<PaginatedFilter> {
  return new PaginatedFilter({
    conditionTree: await restrictToScope(context, collection, query.conditionTree),
    search: query.search,
    searchExtended: query.searchExtended,
    segment: query.segment,
    sort: query.sort,
    page: query.page,
  });
}
