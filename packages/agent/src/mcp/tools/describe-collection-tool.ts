import { type Collection, isErrorOfKind } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { authorize } from '../../operations/authorize';
import { getCollection } from '../../operations/get-collection';
import { collectionDescriptionSchema, describe } from './collection-description';
import { collectionNameSchema } from './inputs/collection-name-schema';
import { defineTool, type ToolContext } from './tool-definition';

/**
 * `describeCollection`: the fields, relations, actions and segments of a collection the caller
 * may browse, or of every such collection when none is named.
 */
export const describeCollectionTool = defineTool({
  name: 'describeCollection',
  title: 'Describe collections',
  description:
    'Describes a collection: its fields (type, filter operators, read-only, relation targets), actions ' +
    '(scope, whether they have a form) and segments. Without a collection, describes every collection you ' +
    'may browse. Call it before the other tools to learn the field names they take.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: (dataSource) => ({ collection: collectionNameSchema(dataSource).optional() }),
  outputSchema: z.object({ collections: z.array(collectionDescriptionSchema) }),
  async execute(context, input) {
    if (input.collection !== undefined) {
      const collection = getCollection(context, input.collection);
      await authorize(context, 'browse', collection);
      return { data: { collections: [await describeFor(context, collection)] } };
    }

    const browsable = await Promise.all(context.dataSource.collections.map((each) => ifBrowsable(context, each)));
    const collections = browsable.filter((each): each is Collection => each !== undefined);

    return { data: { collections: await Promise.all(collections.map((each) => describeFor(context, each))) } };
  },
});

// A collection the caller may not browse is left out of the listing, as if it did not exist.
async function ifBrowsable(context: ToolContext, collection: Collection): Promise<Collection | undefined> {
  try {
    await authorize(context, 'browse', collection);
    return collection;
  } catch (error) {
    if (isErrorOfKind(error, 'ForbiddenError')) return undefined;
    throw error;
  }
}

function describeFor(context: ToolContext, collection: Collection) {
  return describe(collection, async (action) => {
    // A form with functions has fields; a static one is read to know whether it has any. A form
    // that cannot be read is announced: getActionForm then says what is wrong.
    if (collection.schema.actions[action]?.staticForm === false) return true;
    try {
      return (await collection.getForm(context.caller, action)).length > 0;
    } catch {
      return true;
    }
  });
}
