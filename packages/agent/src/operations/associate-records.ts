import {
  type CompositeId,
  ConditionTreeFactory,
  NotFoundError,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import { authorize } from './authorize';
import { getCollection } from './get-collection';
import type { OperationContext } from './operation-context';
import { findParent, type ToManyTarget } from './relation-target';
import { restrictToScope } from './restrict-to-scope';

/**
 * Links records of the foreign collection to the parent record: a OneToMany relation sets their
 * origin key, a ManyToMany relation creates through records. Parent and linked records must be
 * visible to the caller.
 * @throws ForbiddenError when the caller may not edit the parent's collection; NotFoundError
 *   when the parent or one of the records is not visible.
 */
export async function associateRecords(
  context: OperationContext,
  input: { readonly target: ToManyTarget; readonly ids: readonly CompositeId[] },
): Promise<void> {
  const { target, ids } = input;
  const { relation, foreign } = target;
  await authorize(context, 'edit', target.collection);
  const parent = await findParent(context, target, relation.originKeyTarget);
  const linkField = relation.type === 'OneToMany' ? undefined : relation.foreignKeyTarget;
  const foreignFilter = new PaginatedFilter({
    conditionTree: await restrictToScope(context, foreign, ConditionTreeFactory.matchIds(foreign.schema, ids)),
  });
  const records = await foreign.list(
    context.caller,
    foreignFilter,
    new Projection(...(linkField ? [linkField] : [])).withPks(foreign),
  );
  if (records.length < ids.length) {
    throw new NotFoundError(
      `${ids.length - records.length} of the ${ids.length} record(s) of '${foreign.name}' do not exist.`,
    );
  }

  if (relation.type === 'OneToMany') {
    await foreign.update(context.caller, foreignFilter, { [relation.originKey]: parent[relation.originKeyTarget] });
  } else {
    const through = getCollection(context, relation.throughCollection);
    const links = records.map((record) => ({
      [relation.originKey]: parent[relation.originKeyTarget],
      [relation.foreignKey]: record[relation.foreignKeyTarget],
    }));
    await through.create(context.caller, links);
  }
}
