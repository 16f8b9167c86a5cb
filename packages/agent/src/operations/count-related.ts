import { authorize } from './authorize';
import { countMatching } from './count-matching';
import type { ListQuery } from './list-query';
import type { OperationContext } from './operation-context';
import { buildRelatedFilter } from './related-filter';
import type { ToManyTarget } from './relation-target';

/**
 * How many of the records a to-many relation links to one record the caller sees and the query
 * matches; null when the foreign collection is not countable.
 * @throws NotFoundError when the parent record is not visible; ForbiddenError when the caller
 *   may not browse the foreign collection.
 */
export async function countRelated(
  context: OperationContext,
  input: { readonly target: ToManyTarget; readonly query: ListQuery },
): Promise<number | null> {
  const filter = await buildRelatedFilter(context, input.target, input.query);
  await authorize(context, 'browse', input.target.foreign, { filter });

  return countMatching(context.caller, input.target.foreign, filter);
}
