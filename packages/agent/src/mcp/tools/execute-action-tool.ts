import { executeAction } from '../../operations/execute-action';
import { getCollection } from '../../operations/get-collection';
import { parseIds } from '../../operations/parse-id';
import { actionResultOutputSchema, toActionOutput } from './action-result-output';
import { actionShape } from './inputs/action-shape';
import { defineTool } from './tool-definition';

/** `executeAction`: runs an action, as the HTTP action route does, and answers its result. */
export const executeActionTool = defineTool({
  name: 'executeAction',
  title: 'Run an action',
  description:
    'Runs an action of a collection on records (one id for a Single action, ids for a Bulk one, none for a ' +
    'Global one) with its form values, and returns its result: a message, the collections it changed, a ' +
    'webhook, a redirection, or a file (embedded). Use getActionForm first to learn the fields.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: actionShape,
  outputSchema: actionResultOutputSchema,
  async execute(context, input) {
    const collection = getCollection(context, input.collection);
    const selection = input.ids === undefined ? undefined : { ids: parseIds(collection, input.ids) };

    const result = await executeAction(context, {
      collection,
      action: input.action,
      selection,
      values: input.values ?? {},
    });

    return toActionOutput(collection.name, input.action, result);
  },
});
