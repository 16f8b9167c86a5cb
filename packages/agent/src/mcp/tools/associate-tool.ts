import { packId } from '@platform/datasource-toolkit';
import { associateRecords } from '../../operations/associate-records';
import { parseIds } from '../../operations/parse-id';
import { assertToMany, resolveRelation } from '../../operations/relation-target';
import { relationWriteOutputSchema, relationWriteShape } from './inputs/relation-write-shape';
import { defineTool } from './tool-definition';

/** `associate`: links records to one record through a to-many relation. */
export const associateTool = defineTool({
  name: 'associate',
  title: 'Link related records',
  description:
    'Links records of the related collection to one record through a OneToMany or ManyToMany relation. ' +
    'Every record must exist and be visible to you.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: relationWriteShape,
  outputSchema: relationWriteOutputSchema,
  async execute(context, input) {
    const target = assertToMany(resolveRelation(context, input));
    const ids = parseIds(target.foreign, input.ids);

    await associateRecords(context, { target, ids });

    return {
      data: {
        collection: target.collection.name,
        id: packId(target.collection.schema, target.id),
        relation: target.relationName,
        ids: ids.map((id) => packId(target.foreign.schema, id)),
      },
    };
  },
});
