import {
  type Collection,
  type CompositeId,
  ConditionTreeFactory,
  NotFoundError,
  Page,
  PaginatedFilter,
  type Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import type { OperationContext } from './operation-context';
import { restrictToScope } from './restrict-to-scope';

/**
 * The record `id` of `collection` within the caller's scope.
 * @throws NotFoundError when no such record is visible.
 */
export async function findRecord(
  context: OperationContext,
  collection: Collection,
  id: CompositeId,
  projection: Projection,
): Promise<RecordData> {
  const conditionTree = await restrictToScope(
    context,
    collection,
    ConditionTreeFactory.matchIds(collection.schema, [id]),
  );
  const [record] = await collection.list(
    context.caller,
    new PaginatedFilter({ conditionTree, page: new Page(0, 1) }),
    projection,
  );
  if (record === undefined) {
    throw new NotFoundError(`No record of '${collection.name}' has the id '${id.join('|')}'.`);
  }

  return record;
}
