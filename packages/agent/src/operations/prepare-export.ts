import type { Collection, PaginatedFilter } from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import { buildListFilter } from './list-filter';
import type { ListQuery } from './list-query';
import type { OperationContext } from './operation-context';
import { buildRelatedFilter } from './related-filter';
import type { ToManyTarget } from './relation-target';

/**
 * The filter an export of a collection reads its pages with (the query within the caller's
 * scope), once the caller may export the collection. The transport streams the pages.
 * @throws ForbiddenError when the caller may not export the collection.
 */
export async function prepareExport(
  context: OperationContext,
  input: { readonly collection: Collection; readonly query: ListQuery },
): Promise<PaginatedFilter> {
  const filter = await buildListFilter(context, input.collection, input.query);
  await authorize(context, 'export', input.collection, { filter });

  return filter;
}

/**
 * The filter an export of the records a to-many relation links to one record reads its pages
 * with, once the caller may export the foreign collection.
 * @throws NotFoundError when the parent record is not visible; ForbiddenError when the caller
 *   may not export the foreign collection.
 */
export async function prepareRelatedExport(
  context: OperationContext,
  input: { readonly target: ToManyTarget; readonly query: ListQuery },
): Promise<PaginatedFilter> {
  const filter = await buildRelatedFilter(context, input.target, input.query);
  await authorize(context, 'export', input.target.foreign, { filter });

  return filter;
}
