import { z } from 'zod';
import { getCollection } from '../../operations/get-collection';
import { loadActionForm } from '../../operations/load-action-form';
import { parseIds } from '../../operations/parse-id';
import { actionShape } from './inputs/action-shape';
import { defineTool } from './tool-definition';

/** `getActionForm`: the form of an action for records and values, as the HTTP form hooks resolve it. */
export const getActionFormTool = defineTool({
  name: 'getActionForm',
  title: 'Get the form of an action',
  description:
    "Returns the fields of an action's form for the given records and form values: fields shown or hidden by " +
    'the values, computed values, enum values and dropdown options. Call it again with the values you fill in ' +
    '(and "changedField") to see the form they lead to, then run the action with executeAction.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: (dataSource) => ({
    ...actionShape(dataSource),
    changedField: z.string().min(1).optional().describe('The label of the field whose value just changed.'),
    searchField: z.string().min(1).optional().describe('The label of a dynamic dropdown to search the options of.'),
    searchValue: z.string().max(1000).optional().describe('The text searched in searchField.'),
  }),
  outputSchema: z.object({
    collection: z.string(),
    action: z.string(),
    fields: z.array(z.record(z.string(), z.unknown())),
  }),
  async execute(context, input) {
    const collection = getCollection(context, input.collection);
    const selection = input.ids === undefined ? undefined : { ids: parseIds(collection, input.ids) };
    const { changedField, searchField, searchValue } = input;
    const isInteraction = changedField !== undefined || searchField !== undefined;

    const fields = await loadActionForm(context, {
      collection,
      action: input.action,
      selection,
      values: input.values,
      metas: isInteraction ? { changedField, searchField, searchValue } : undefined,
    });

    return { data: { collection: collection.name, action: input.action, fields } };
  },
});
