import { z } from 'zod';
import { listRelated } from '../../operations/list-related';
import { assertToMany, resolveRelation } from '../../operations/relation-target';
import { collectionNameSchema } from './inputs/collection-name-schema';
import { listOptionsShape } from './inputs/list-options';
import { toListRequest } from './inputs/list-request';
import { recordIdSchema } from './inputs/record-id-schema';
import { listOutputSchema, toListOutput } from './list-output';
import { defineTool } from './tool-definition';

/** `listRelated`: a page of the records a to-many relation links to one record. */
export const listRelatedTool = defineTool({
  name: 'listRelated',
  title: 'List related records',
  description:
    'Lists the records linked to one record by a OneToMany or ManyToMany relation, among those you may see. ' +
    'The filter, search, segment, sort and fields apply to the related collection; same paging as list.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: (dataSource) => ({
    collection: collectionNameSchema(dataSource),
    id: recordIdSchema,
    relation: z.string().min(1).describe('A OneToMany or ManyToMany relation of the collection.'),
    ...listOptionsShape,
  }),
  outputSchema: listOutputSchema.extend({ collection: z.string() }),
  async execute(context, input) {
    const target = assertToMany(resolveRelation(context, input));
    const { query, projection } = toListRequest(target.foreign, input);

    const result = await listRelated(context, { target, query, projection, isCountRequested: input.count });

    return { data: { collection: target.foreign.name, ...toListOutput(target.foreign, query, result) } };
  },
});
