import { packId } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { dissociateRecords } from '../../operations/dissociate-records';
import { parseIds } from '../../operations/parse-id';
import { assertToMany, resolveRelation } from '../../operations/relation-target';
import { relationWriteOutputSchema, relationWriteShape } from './inputs/relation-write-shape';
import { defineTool } from './tool-definition';

/** `dissociate`: unlinks records from one record, or deletes them. */
export const dissociateTool = defineTool({
  name: 'dissociate',
  title: 'Unlink related records',
  description:
    'Unlinks records of the related collection from one record (OneToMany or ManyToMany relation). With ' +
    '"delete": true the records are deleted instead. Records you may not see are left alone.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: (dataSource) => ({
    ...relationWriteShape(dataSource),
    delete: z.boolean().optional().describe('Deletes the records instead of only unlinking them.'),
  }),
  outputSchema: relationWriteOutputSchema.extend({ isDeleted: z.boolean() }),
  async execute(context, input) {
    const target = assertToMany(resolveRelation(context, input));
    const ids = parseIds(target.foreign, input.ids);
    const isDelete = input.delete === true;

    await dissociateRecords(context, { target, selection: { ids }, isDelete });

    return {
      data: {
        collection: target.collection.name,
        id: packId(target.collection.schema, target.id),
        relation: target.relationName,
        ids: ids.map((id) => packId(target.foreign.schema, id)),
        isDeleted: isDelete,
      },
    };
  },
});
