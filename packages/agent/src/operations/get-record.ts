import {
  type Collection,
  type CompositeId,
  type Projection,
  packId,
  type RecordData,
} from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import { findRecord } from './find-record';
import type { OperationContext } from './operation-context';

/**
 * One record the caller sees.
 * @throws ForbiddenError when the caller may not read the collection; NotFoundError when the
 *   record does not exist or is out of the caller's scope.
 */
export async function getRecord(
  context: OperationContext,
  input: { readonly collection: Collection; readonly id: CompositeId; readonly projection: Projection },
): Promise<RecordData> {
  const { collection, id } = input;
  await authorize(context, 'read', collection, { recordIds: [packId(collection.schema, id)] });

  return findRecord(context, collection, id, input.projection);
}
