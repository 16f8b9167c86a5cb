import type { Collection, Projection } from '@platform/datasource-toolkit';
import { buildListFilter } from './list-filter';
import type { ListQuery } from './list-query';
import type { OperationContext } from './operation-context';
import { type ListResult, readPage } from './read-page';

export interface ListRecordsInput {
  readonly collection: Collection;
  readonly query: ListQuery;
  /** The fields read, primary keys included (`withPks`). */
  readonly projection: Projection;
  /** Also counts the records matching the query (on every page). */
  readonly isCountRequested?: boolean;
}

/**
 * A page of the records of a collection the caller sees: the query within the caller's scope.
 * @throws ForbiddenError when the caller may not browse the collection.
 */
export async function listRecords(context: OperationContext, input: ListRecordsInput): Promise<ListResult> {
  const filter = await buildListFilter(context, input.collection, input.query);

  return readPage(context, input.collection, filter, input.projection, input.isCountRequested);
}
