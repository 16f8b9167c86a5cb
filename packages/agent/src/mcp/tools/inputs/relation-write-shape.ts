import type { DataSource } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { collectionNameSchema } from './collection-name-schema';
import { recordIdSchema, recordIdsSchema } from './record-id-schema';

/** The arguments of `associate` and `dissociate`: the parent record, its to-many relation, the related ids. */
export function relationWriteShape(dataSource: DataSource) {
  return {
    collection: collectionNameSchema(dataSource),
    id: recordIdSchema.describe('The id of the parent record.'),
    relation: z.string().min(1).describe('A OneToMany or ManyToMany relation of the collection.'),
    ids: recordIdsSchema.describe('The ids of the records of the related collection.'),
  };
}

/** What `associate` and `dissociate` answer. */
export const relationWriteOutputSchema = z.object({
  collection: z.string(),
  id: z.string(),
  relation: z.string(),
  ids: z.array(z.string()),
});
