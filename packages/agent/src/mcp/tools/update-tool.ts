import { z } from 'zod';
import { getCollection } from '../../operations/get-collection';
import { parseId } from '../../operations/parse-id';
import { updateRecord } from '../../operations/update-record';
import { collectionNameSchema } from './inputs/collection-name-schema';
import { toProjection } from './inputs/list-request';
import { recordIdSchema } from './inputs/record-id-schema';
import { recordValuesSchema } from './inputs/record-values-schema';
import { identifiedRecordSchema, identify } from './records-output';
import { defineTool } from './tool-definition';

/** `update`: changes one record, as the HTTP update route does, and answers it as it now is. */
export const updateTool = defineTool({
  name: 'update',
  title: 'Update a record',
  description:
    'Changes field values of one record you may see, and returns the record as it now is. A ManyToOne relation ' +
    'may be given as the id of the record it points at (null unlinks it). Validation rules and hooks apply.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: (dataSource) => ({
    collection: collectionNameSchema(dataSource),
    id: recordIdSchema,
    values: recordValuesSchema,
    fields: z.array(z.string().min(1)).min(1).max(200).optional().describe('The fields of the record returned.'),
  }),
  outputSchema: identifiedRecordSchema.extend({ collection: z.string() }),
  async execute(context, input) {
    const collection = getCollection(context, input.collection);
    const id = parseId(collection, input.id);
    const projection = toProjection(collection, input.fields);

    const record = await updateRecord(context, { collection, id, values: input.values, projection });

    return { data: { collection: collection.name, ...identify(collection, record) } };
  },
});
