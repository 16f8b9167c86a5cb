import { z } from 'zod';
import { collectionObject, dateTime, environmentObject, listingParameters } from '../http/listing/listing-schemas';
import { emailParam, idParam, isoDateParam, limitParam, rangeParams, textParam } from '../http/listing/query-params';
import { ACTIVITY_SOURCES } from './activity-log-entry';
import { logDetails, logUserObject } from './log-schemas';

/** Query of `GET .../activity-logs`; unknown parameters are refused. */
export const activityLogsQuerySchema = z.strictObject({
  limit: limitParam,
  userEmail: emailParam.optional(),
  userId: idParam('userId').optional().meta({ description: 'Id of the user who acted.' }),
  collectionName: textParam('Collection name as defined in the schema.').optional(),
  recordId: textParam('Id of the record acted on.').optional(),
  action: textParam('Action, such as `read`, `update`, `note.create`.').optional(),
  source: z
    .enum(ACTIVITY_SOURCES, { error: `source must be one of ${ACTIVITY_SOURCES.join(', ')}.` })
    .optional()
    .meta({ description: 'Where the action came from.' }),
  ...rangeParams('createdAt', isoDateParam),
  ...rangeParams('id', idParam),
});

export type ActivityLogsQuery = z.output<typeof activityLogsQuerySchema>;

export const activityLogObject = z
  .object({
    object: z.literal('activity-log'),
    id: z.int(),
    source: z.enum(ACTIVITY_SOURCES),
    action: z.string(),
    createdAt: dateTime,
    user: logUserObject.optional().meta({ description: 'Who acted; missing for system actions.' }),
    environment: environmentObject,
    collection: collectionObject.optional().meta({ description: 'Missing when the action concerns no collection.' }),
    recordId: z.string().optional().meta({ description: 'Missing when the action concerns no single record.' }),
    details: logDetails.optional(),
  })
  .meta({ id: 'ActivityLog' });

export type ActivityLogObject = z.infer<typeof activityLogObject>;

export const activityLogsListingObject = z
  .object({
    hasMore: z.boolean(),
    parameters: listingParameters({ projectName: z.string(), environmentName: z.string() }),
    data: z.array(activityLogObject).meta({ description: 'Ordered by id descending (most recent first).' }),
  })
  .meta({ id: 'ActivityLogsListing' });

export type ActivityLogsListingObject = z.infer<typeof activityLogsListingObject>;
