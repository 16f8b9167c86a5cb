import type { ActionResult, RecordData } from '@platform/datasource-toolkit';
import { type ActionRequest, buildActionFilter } from './action-request';
import { authorize } from './authorize';
import type { OperationContext } from './operation-context';

/**
 * Runs an action on the selected records the caller sees, with the submitted form values.
 * @returns what the action produced: success, error, webhook, file or redirect.
 * @throws NotFoundError for an unknown action or a Single action's record out of sight;
 *   ValidationError for a selection that does not fit the action's scope or bad form values;
 *   ForbiddenError when the caller may not run the action.
 */
export async function executeAction(
  context: OperationContext,
  input: ActionRequest & { readonly values: RecordData },
): Promise<ActionResult> {
  const filter = await buildActionFilter(context, input, true);
  await authorize(context, 'action', input.collection, { action: input.action, filter });

  return input.collection.execute(context.caller, input.action, input.values, filter);
}
