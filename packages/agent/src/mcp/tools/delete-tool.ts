import { packId } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { deleteRecords } from '../../operations/delete-records';
import { getCollection } from '../../operations/get-collection';
import { parseIds } from '../../operations/parse-id';
import { collectionNameSchema } from './inputs/collection-name-schema';
import { recordIdsSchema } from './inputs/record-id-schema';
import { defineTool } from './tool-definition';

/** `delete`: the records of a list of ids, as the HTTP bulk delete route does. */
export const deleteTool = defineTool({
  name: 'delete',
  title: 'Delete records',
  description:
    'Deletes records by id. Ids of records that do not exist or that you may not see are left alone. ' +
    'Hooks of the collection apply.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: (dataSource) => ({ collection: collectionNameSchema(dataSource), ids: recordIdsSchema }),
  outputSchema: z.object({ collection: z.string(), ids: z.array(z.string()) }),
  async execute(context, input) {
    const collection = getCollection(context, input.collection);
    const ids = parseIds(collection, input.ids);

    await deleteRecords(context, { collection, selection: { ids } });

    return { data: { collection: collection.name, ids: ids.map((id) => packId(collection.schema, id)) } };
  },
});
