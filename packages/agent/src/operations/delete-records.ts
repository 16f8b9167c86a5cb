import { type Collection, Filter } from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import type { OperationContext } from './operation-context';
import { type RecordSelection, selectionRecordIds, selectionTree } from './record-selection';
import { restrictToScope } from './restrict-to-scope';

/**
 * Deletes the selected records the caller sees; selected records out of the caller's scope, or
 * that do not exist, are left alone.
 * @throws ForbiddenError when the caller may not delete.
 */
export async function deleteRecords(
  context: OperationContext,
  input: { readonly collection: Collection; readonly selection: RecordSelection },
): Promise<void> {
  const { collection, selection } = input;
  const filter = new Filter({
    conditionTree: await restrictToScope(context, collection, selectionTree(collection, selection)),
  });
  await authorize(context, 'delete', collection, { filter, recordIds: selectionRecordIds(collection, selection) });

  await collection.delete(context.caller, filter);
}
