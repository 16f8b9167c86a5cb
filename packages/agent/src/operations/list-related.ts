import type { Projection } from '@platform/datasource-toolkit';
import type { ListQuery } from './list-query';
import type { OperationContext } from './operation-context';
import { type ListResult, readPage } from './read-page';
import { buildRelatedFilter } from './related-filter';
import type { ToManyTarget } from './relation-target';

export interface ListRelatedInput {
  /** The parent record and its OneToMany or ManyToMany relation. */
  readonly target: ToManyTarget;
  /** The query, on the foreign collection. */
  readonly query: ListQuery;
  /** The fields of the foreign collection read, primary keys included (`withPks`). */
  readonly projection: Projection;
  readonly isCountRequested?: boolean;
}

/**
 * A page of the records a to-many relation links to one record, among those the caller sees in
 * the foreign collection.
 * @throws NotFoundError when the parent record is not visible; ForbiddenError when the caller
 *   may not browse the foreign collection.
 */
export async function listRelated(context: OperationContext, input: ListRelatedInput): Promise<ListResult> {
  const filter = await buildRelatedFilter(context, input.target, input.query);

  return readPage(context, input.target.foreign, filter, input.projection, input.isCountRequested);
}
