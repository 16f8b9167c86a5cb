import {
  type Collection,
  type CompositeId,
  ConditionTreeFactory,
  Filter,
  Projection,
  packId,
  type RecordData,
  RecordValidator,
} from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import { findRecord } from './find-record';
import type { OperationContext } from './operation-context';
import { resolveReferences } from './resolve-references';
import { restrictToScope } from './restrict-to-scope';

export interface UpdateRecordInput {
  readonly collection: Collection;
  readonly id: CompositeId;
  /** The changes; a ManyToOne relation may be given as the packed id of the record it points at. */
  readonly values: RecordData;
  /** The fields of the record read back, primary keys included. */
  readonly projection: Projection;
}

/**
 * Updates one record the caller sees and reads it back.
 * @throws ForbiddenError when the caller may not edit; ValidationError for bad values;
 *   NotFoundError when the record (or a referenced one) is not visible.
 */
export async function updateRecord(context: OperationContext, input: UpdateRecordInput): Promise<RecordData> {
  const { collection, id } = input;
  await authorize(context, 'edit', collection, { recordIds: [packId(collection.schema, id)] });
  const patch = await resolveReferences(context, collection, input.values);
  RecordValidator.patch(collection, patch);
  const pks = new Projection().withPks(collection);
  await findRecord(context, collection, id, pks);

  const conditionTree = await restrictToScope(
    context,
    collection,
    ConditionTreeFactory.matchIds(collection.schema, [id]),
  );
  await collection.update(context.caller, new Filter({ conditionTree }), patch);

  // The patch may change the primary key: read the record back through its new id when it does.
  const newId = pks.map((pk, index) => (pk in patch ? (patch[pk] as string | number) : (id[index] as string | number)));

  return findRecord(context, collection, newId, input.projection);
}
