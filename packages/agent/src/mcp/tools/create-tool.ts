import { z } from 'zod';
import { createRecord } from '../../operations/create-record';
import { getCollection } from '../../operations/get-collection';
import { collectionNameSchema } from './inputs/collection-name-schema';
import { recordValuesSchema } from './inputs/record-values-schema';
import { identifyCreated } from './records-output';
import { defineTool } from './tool-definition';

/** `create`: one record, checked and written as the HTTP create route does. */
export const createTool = defineTool({
  name: 'create',
  title: 'Create a record',
  description:
    'Creates one record from field values. A ManyToOne relation may be given as the id of the record it points ' +
    'at ({"author": "3"}). Validation rules and hooks of the collection apply.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: (dataSource) => ({ collection: collectionNameSchema(dataSource), values: recordValuesSchema }),
  outputSchema: z.object({
    collection: z.string(),
    id: z.string().nullable(),
    record: z.record(z.string(), z.unknown()).nullable(),
  }),
  async execute(context, input) {
    const collection = getCollection(context, input.collection);

    const created = await createRecord(context, { collection, values: input.values });

    return { data: { collection: collection.name, ...identifyCreated(collection, created) } };
  },
});
