import {
  ConditionTreeFactory,
  Filter,
  FilterFactory,
  getCompositeId,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import { getCollection } from './get-collection';
import type { OperationContext } from './operation-context';
import { type RecordSelection, selectionTree } from './record-selection';
import { findParent, type ToManyTarget } from './relation-target';
import { restrictToScope } from './restrict-to-scope';

export interface DissociateRecordsInput {
  readonly target: ToManyTarget;
  /** The linked records to unlink, among those the caller sees. */
  readonly selection: RecordSelection;
  /** Deletes the records instead of only unlinking them. */
  readonly isDelete?: boolean;
}

/**
 * Unlinks records from the parent record: a OneToMany relation sets their origin key to null, a
 * ManyToMany relation deletes the through records. With `isDelete`, the records are deleted too.
 * Only records the caller sees are touched.
 * @throws ForbiddenError when the caller may not edit the parent's collection (may not delete the
 *   foreign records, with `isDelete`); NotFoundError when the parent record is not visible.
 */
export async function dissociateRecords(context: OperationContext, input: DissociateRecordsInput): Promise<void> {
  const { target, isDelete = false } = input;
  const { relation, foreign } = target;
  const { caller } = context;
  await (isDelete ? authorize(context, 'delete', foreign) : authorize(context, 'edit', target.collection));
  await findParent(context, target, relation.originKeyTarget);
  const base = new PaginatedFilter({
    conditionTree: await restrictToScope(context, foreign, selectionTree(foreign, input.selection)),
  });
  const foreignFilter = await FilterFactory.makeForeignFilter(
    caller,
    target.collection,
    target.id,
    target.relationName,
    base,
  );

  if (relation.type === 'OneToMany') {
    if (isDelete) await foreign.delete(caller, foreignFilter);
    else await foreign.update(caller, foreignFilter, { [relation.originKey]: null });
    return;
  }

  // Read the linked records before unlinking them: once the links are gone they cannot be found.
  const linked = isDelete ? await foreign.list(caller, foreignFilter, new Projection().withPks(foreign)) : [];
  const throughFilter = await FilterFactory.makeThroughFilter(
    caller,
    target.collection,
    target.id,
    target.relationName,
    base,
  );
  await getCollection(context, relation.throughCollection).delete(caller, throughFilter);
  if (isDelete && linked.length > 0) {
    const ids = linked.map((record) => getCompositeId(foreign.schema, record));
    const conditionTree = await restrictToScope(context, foreign, ConditionTreeFactory.matchIds(foreign.schema, ids));
    await foreign.delete(caller, new Filter({ conditionTree }));
  }
}
