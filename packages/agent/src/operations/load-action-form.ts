import type { ActionFormField, RecordData } from '@platform/datasource-toolkit';
import { type ActionRequest, buildActionFilter } from './action-request';
import { authorize } from './authorize';
import type { OperationContext } from './operation-context';

/** What the form of an action is resolved for: the values entered so far, and the interaction. */
export interface LoadActionFormInput extends ActionRequest {
  /** The form values; absent when the form opens (fields then take their default values). */
  readonly values?: RecordData;
  /** The field that just changed, or the dropdown searched and what was typed in it. */
  readonly metas?: { readonly changedField?: string; readonly searchField?: string; readonly searchValue?: string };
}

/**
 * The fields of an action's form for the selected records and the values entered so far: fields
 * shown by `if`, values, enum values and options computed for this context.
 * @throws NotFoundError for an unknown action; ForbiddenError when the caller may not run it.
 */
export async function loadActionForm(
  context: OperationContext,
  input: LoadActionFormInput,
): Promise<ActionFormField[]> {
  const filter = await buildActionFilter(context, input, false);
  await authorize(context, 'action', input.collection, { action: input.action, filter });

  return input.collection.getForm(context.caller, input.action, input.values, filter, input.metas);
}
