import type { DataSource } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { collectionNameSchema } from './collection-name-schema';
import { recordIdsSchema } from './record-id-schema';

/** The arguments that name an action and its records (`getActionForm`, `executeAction`). */
export function actionShape(dataSource: DataSource) {
  return {
    collection: collectionNameSchema(dataSource),
    action: z.string().min(1).describe('The name of an action of the collection (describeCollection lists them).'),
    ids: recordIdsSchema
      .optional()
      .describe('The records the action runs on: one id for a Single action, ids for a Bulk one, none for Global.'),
    values: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Form values by field label (getActionForm lists the fields).'),
  };
}
