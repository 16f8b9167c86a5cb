import { z } from 'zod';
import { getCollection } from '../../operations/get-collection';
import { listRecords } from '../../operations/list-records';
import { collectionNameSchema } from './inputs/collection-name-schema';
import { listOptionsShape } from './inputs/list-options';
import { toListRequest } from './inputs/list-request';
import { listOutputSchema, toListOutput } from './list-output';
import { defineTool } from './tool-definition';

/** `list`: a page of the records of a collection, within the caller's scope. */
export const listTool = defineTool({
  name: 'list',
  title: 'List records',
  description:
    'Lists the records of a collection that you may see, a page at a time: filter (condition tree), search, ' +
    'segment, sort, fields (with "relation:field" for related fields), page (number and size, at most 100) and ' +
    'an optional total count.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: (dataSource) => ({ collection: collectionNameSchema(dataSource), ...listOptionsShape }),
  outputSchema: listOutputSchema.extend({ collection: z.string() }),
  async execute(context, input) {
    const collection = getCollection(context, input.collection);
    const { query, projection } = toListRequest(collection, input);

    const result = await listRecords(context, { collection, query, projection, isCountRequested: input.count });

    return { data: { collection: collection.name, ...toListOutput(collection, query, result) } };
  },
});
