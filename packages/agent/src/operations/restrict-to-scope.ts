import { type Collection, type ConditionTree, ConditionTreeFactory } from '@platform/datasource-toolkit';
import type { OperationContext } from './operation-context';

/** `tree` restricted to the records the caller's scope lets them see in `collection`. */
export async function restrictToScope(
  context: OperationContext,
  collection: Collection,
  tree?: ConditionTree | null,
): Promise<ConditionTree | undefined> {
  const scope = (await context.permissions.getScope?.(context.caller, collection.name)) ?? null;
  if (!scope && !tree) return undefined;

  return ConditionTreeFactory.intersect(tree, scope);
}
