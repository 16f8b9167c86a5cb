import { Router } from 'express';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { readRange } from '../http/listing/query-params';
import { readQuery } from '../http/listing/read-query';
import { getTokenAuth, requireToken } from '../tokens/require-token';
import type { TokensService } from '../tokens/tokens-service';
import { type AdminLogObject, type AdminLogsListingObject, adminLogsQuerySchema } from './admin-log-schemas';
import { type AdminLogView, listAdminLogs } from './admin-log-service';
import { toLogDetails, toLogUser } from './log-schemas';

export const ADMIN_LOGS_PATH = '/project/:projectName/admin-logs';

/** `GET /v1/project/{p}/admin-logs` (docs/public-api.md, "Admin logs"): the project's entries. */
export function adminLogsRoutes(context: AppContext, tokens: TokensService): Router {
  const router = Router();
  router.get(ADMIN_LOGS_PATH, requireToken(context, tokens, { scopes: ['admin_logs:read'] }), async (req, res) => {
    const query = parseOrThrow(adminLogsQuerySchema, readQuery(req), 'query');
    const { project } = getTokenAuth(res);
    const page = await listAdminLogs(context, project.id, {
      limit: query.limit,
      userId: query.userId,
      userEmail: query.userEmail,
      action: query.action,
      targetType: query.targetType,
      targetId: query.targetId,
      tokenId: query.tokenId,
      createdAt: readRange(query, 'createdAt'),
      id: readRange(query, 'id'),
    });
    const body: AdminLogsListingObject = {
      hasMore: page.hasMore,
      parameters: { projectName: project.name, limit: query.limit },
      data: page.entries.map(toAdminLogObject),
    };
    res.json(body);
  });
  return router;
}

function toAdminLogObject(entry: AdminLogView): AdminLogObject {
  const user = toLogUser(entry.userId, entry.userEmail);
  const details = toLogDetails(entry.details);
  return {
    object: 'admin-log',
    id: entry.id,
    action: entry.action,
    targetType: entry.targetType,
    ...(entry.targetId === null ? {} : { targetId: entry.targetId }),
    createdAt: entry.createdAt.toISOString(),
    ...(user ? { user } : {}),
    ...(entry.tokenId === null ? {} : { tokenId: entry.tokenId }),
    ...(details ? { details } : {}),
  };
}
