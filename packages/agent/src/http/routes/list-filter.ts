import { type Collection, PaginatedFilter } from '@platform/datasource-toolkit';
import type { ListQuery } from '../query/parse-list-query';
import type { RouteContext } from '../route-context';

/** The filter of a list, count or export: the query's parts, with the caller's scope intersected. */
export async function buildListFilter(
  context: RouteContext,
  collection: Collection,
  query: ListQuery,
): Promise<PaginatedFilter> {
  return new PaginatedFilter({
    conditionTree: await context.scoped(collection, query.conditionTree),
    search: query.search,
    searchExtended: query.searchExtended,
    segment: query.segment,
    sort: query.sort,
    page: query.page,
  });
}
