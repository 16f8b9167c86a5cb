import {
  type Collection,
  type CompositeId,
  ConditionTreeFactory,
  Filter,
  Projection,
  packId,
} from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import { findRecord } from './find-record';
import type { OperationContext } from './operation-context';
import { restrictToScope } from './restrict-to-scope';

/**
 * Deletes one record the caller sees.
 * @throws ForbiddenError when the caller may not delete; NotFoundError when the record is not visible.
 */
export async function deleteRecord(
  context: OperationContext,
  input: { readonly collection: Collection; readonly id: CompositeId },
): Promise<void> {
  const { collection, id } = input;
  await authorize(context, 'delete', collection, { recordIds: [packId(collection.schema, id)] });
  await findRecord(context, collection, id, new Projection().withPks(collection));

  const conditionTree = await restrictToScope(
    context,
    collection,
    ConditionTreeFactory.matchIds(collection.schema, [id]),
  );
  await collection.delete(context.caller, new Filter({ conditionTree }));
}
