import { z } from 'zod';
import { dateTime, listingParameters } from '../http/listing/listing-schemas';
import { emailParam, idParam, isoDateParam, limitParam, rangeParams, textParam } from '../http/listing/query-params';
import { logDetails, logUserObject } from './log-schemas';

export const adminLogsPathSchema = z.object({
  projectName: z.string().meta({ description: 'Project name (case sensitive).', example: 'Acme' }),
});

/** Query of `GET .../admin-logs`; unknown parameters are refused. */
export const adminLogsQuerySchema = z.strictObject({
  limit: limitParam,
  userEmail: emailParam.optional(),
  userId: idParam('userId').optional().meta({ description: 'Id of the user who acted.' }),
  action: textParam('Action, such as `token.create`, `token.revoke`, `token.use`.').optional(),
  targetType: textParam('Kind of the target, such as `application_token`, `user`, `team`.').optional(),
  targetId: textParam('Id of the target (as a string).').optional(),
  tokenId: idParam('tokenId').optional().meta({ description: 'Id of the application token used.' }),
  ...rangeParams('createdAt', isoDateParam),
  ...rangeParams('id', idParam),
});

export type AdminLogsQuery = z.output<typeof adminLogsQuerySchema>;

export const adminLogObject = z
  .object({
    object: z.literal('admin-log'),
    id: z.int(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().optional().meta({ description: 'Missing when the operation has no single target.' }),
    createdAt: dateTime,
    user: logUserObject.optional().meta({ description: 'Who acted; missing for operator (CLI) operations.' }),
    tokenId: z.int().optional().meta({ description: 'The application token used, when one was.' }),
    details: logDetails.optional(),
  })
  .meta({ id: 'AdminLog' });

export type AdminLogObject = z.infer<typeof adminLogObject>;

export const adminLogsListingObject = z
  .object({
    hasMore: z.boolean(),
    parameters: listingParameters({ projectName: z.string() }),
    data: z.array(adminLogObject).meta({ description: 'Ordered by id descending (most recent first).' }),
  })
  .meta({ id: 'AdminLogsListing' });

export type AdminLogsListingObject = z.infer<typeof adminLogsListingObject>;
