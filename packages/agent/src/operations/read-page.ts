import type { Collection, PaginatedFilter, Projection, RecordData } from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import { countMatching } from './count-matching';
import type { OperationContext } from './operation-context';

/** A page of records, and the count of all records matching the list when it was asked for. */
export interface ListResult {
  readonly records: RecordData[];
  /** Records matching the list on every page; null when the collection is not countable; absent unless asked. */
  readonly count?: number | null;
}

/**
 * Reads one page of `collection` through `filter`, which already holds the caller's scope, once
 * the caller may browse the collection. The count, when asked, is read alongside.
 * @throws ForbiddenError when the caller may not browse the collection.
 */
export async function readPage(
  context: OperationContext,
  collection: Collection,
  filter: PaginatedFilter,
  projection: Projection,
  isCountRequested = false,
): Promise<ListResult> {
  await authorize(context, 'browse', collection, { filter });
  if (!isCountRequested) return { records: await collection.list(context.caller, filter, projection) };

  const [records, count] = await Promise.all([
    collection.list(context.caller, filter, projection),
    countMatching(context.caller, collection, filter),
  ]);

  return { records, count };
}
