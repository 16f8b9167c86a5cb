import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  Projection,
  ValidationError,
} from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import { findRecord } from './find-record';
import type { OperationContext } from './operation-context';
import { parseId } from './parse-id';
import { findParent, type RelationTarget } from './relation-target';
import { referencedValue } from './resolve-references';
import { restrictToScope } from './restrict-to-scope';

/**
 * Points a ManyToOne or OneToOne relation of the parent record at the record `packedId` of the
 * foreign collection, or unlinks it (null). Both records must be visible to the caller.
 * @throws ForbiddenError when the caller may not edit the parent's collection; ValidationError for
 *   a bad id or a to-many relation; NotFoundError when a record is not visible.
 */
export async function updateToOneRelation(
  context: OperationContext,
  input: { readonly target: RelationTarget; readonly packedId: string | number | null },
): Promise<void> {
  const { target, packedId } = input;
  const { relation, foreign, collection } = target;
  const { caller } = context;
  await authorize(context, 'edit', collection);
  const foreignId = packedId === null ? null : parseId(foreign, packedId);
  if (foreignId !== null) await findRecord(context, foreign, foreignId, new Projection().withPks(foreign));

  if (relation.type === 'ManyToOne') {
    await findParent(context, target, relation.foreignKey);
    const value = await referencedValue(context, collection, target.relationName, packedId);
    const conditionTree = await restrictToScope(
      context,
      collection,
      ConditionTreeFactory.matchIds(collection.schema, [target.id]),
    );
    await collection.update(caller, new Filter({ conditionTree }), { [relation.foreignKey]: value });
  } else if (relation.type === 'OneToOne') {
    const parent = await findParent(context, target, relation.originKeyTarget);
    const originValue = parent[relation.originKeyTarget];
    const linkedTree = new ConditionTreeLeaf(relation.originKey, 'Equal', originValue);
    await foreign.update(caller, new Filter({ conditionTree: await restrictToScope(context, foreign, linkedTree) }), {
      [relation.originKey]: null,
    });
    if (foreignId !== null) {
      const conditionTree = await restrictToScope(
        context,
        foreign,
        ConditionTreeFactory.matchIds(foreign.schema, [foreignId]),
      );
      await foreign.update(caller, new Filter({ conditionTree }), { [relation.originKey]: originValue });
    }
  } else {
    throw new ValidationError(
      `'${collection.name}.${target.relationName}' is a ${relation.type} relation: only ManyToOne and OneToOne ` +
        'relations point at one record; associate or dissociate the records of a to-many relation.',
    );
  }
}
