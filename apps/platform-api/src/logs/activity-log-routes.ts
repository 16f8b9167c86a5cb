import { Router } from 'express';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import type { ActivityLog } from '../generated/prisma/client';
import { readRange } from '../http/listing/query-params';
import { readQuery } from '../http/listing/read-query';
import { environmentNotFound, findEnvironment } from '../projects/environment-lookup';
import { getTokenAuth, requireToken } from '../tokens/require-token';
import type { TokensService } from '../tokens/tokens-service';
import type { ActivitySource } from './activity-log-entry';
import {
  type ActivityLogObject,
  type ActivityLogsListingObject,
  activityLogsQuerySchema,
} from './activity-log-schemas';
import { listActivityLogs } from './activity-log-service';
import { toLogDetails, toLogUser } from './log-schemas';

export const ACTIVITY_LOGS_PATH = '/project/:projectName/environment/:environmentName/activity-logs';

/** `GET /v1/project/{p}/environment/{e}/activity-logs` (docs/public-api.md, "Activity logs"). */
export function activityLogsRoutes(context: AppContext, tokens: TokensService): Router {
  const router = Router();
  router.get(
    ACTIVITY_LOGS_PATH,
    requireToken(context, tokens, { scopes: ['activity_logs:read'] }),
    async (req, res) => {
      const query = parseOrThrow(activityLogsQuerySchema, readQuery(req), 'query');
      const { project } = getTokenAuth(res);
      const environment = await findEnvironment(
        context,
        project,
        String(req.params.environmentName),
        environmentNotFound,
      );
      const page = await listActivityLogs(
        context,
        { projectId: project.id, environmentId: environment.id },
        {
          limit: query.limit,
          userId: query.userId,
          userEmail: query.userEmail,
          collectionName: query.collectionName,
          recordId: query.recordId,
          action: query.action,
          source: query.source,
          createdAt: readRange(query, 'createdAt'),
          id: readRange(query, 'id'),
        },
      );
      const body: ActivityLogsListingObject = {
        hasMore: page.hasMore,
        parameters: { projectName: project.name, environmentName: environment.name, limit: query.limit },
        data: page.entries.map((entry) => toActivityLogObject(entry, environment.name)),
      };
      res.json(body);
    },
  );
  return router;
}

function toActivityLogObject(entry: ActivityLog, environmentName: string): ActivityLogObject {
  const user = toLogUser(entry.userId, entry.userEmail);
  const details = toLogDetails(entry.details);
  return {
    object: 'activity-log',
    id: entry.id,
    source: entry.source as ActivitySource,
    action: entry.action,
    createdAt: entry.createdAt.toISOString(),
    ...(user ? { user } : {}),
    environment: { object: 'environment', name: environmentName },
    ...(entry.collectionName === null ? {} : { collection: { object: 'collection', name: entry.collectionName } }),
    ...(entry.recordId === null ? {} : { recordId: entry.recordId }),
    ...(details ? { details } : {}),
  };
}
