import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import { jsonBody } from '../http/json-body';
import { pathHasNul } from '../http/text-rules';
import { activityLogsRoutes } from '../logs/activity-log-routes';
import { adminLogsRoutes } from '../logs/admin-log-routes';
import { notesListingAuthentication, notesRoutes } from '../notes/notes-routes';
import { authenticateRequest } from '../tokens/token-authentication';
import { createTokensService } from '../tokens/tokens-service';
import { workflowRunRoutes } from '../workflows/workflow-run-routes';
import { createPublicApiDocument } from './openapi/public-api-document';
import {
  countFailedTokenPerAddress,
  countPerAddress,
  publicApiRateLimiter,
} from './rate-limit/public-api-rate-limiter';

/** Where the public API is mounted; every endpoint is versioned by this prefix (spec §9). */
export const PUBLIC_API_PREFIX = '/v1';

/**
 * The public API v1 (docs/public-api.md), to mount at `/v1`:
 * `app.use(PUBLIC_API_PREFIX, publicApiRouter(context))`. It owns every `/v1` path: unknown ones
 * get 404 `not_found` here, after counting against the caller's rate limit.
 */
export function publicApiRouter(context: AppContext): Router {
  const router = Router();
  const tokens = createTokensService(context);
  const limiter = publicApiRateLimiter(context);
  const document = createPublicApiDocument(context.config.publicUrl);

  // Anonymous: limited per client address.
  router.get('/openapi.json', countPerAddress(), limiter, (_req, res) => {
    res.json(document);
  });

  // The order matters. The limiter decides first, without the database (keyed by the hash of a
  // well-formed token, or by address); bodies are parsed and paths checked only then, so that every
  // refusal is counted and carries the rate-limit headers. The token is then authenticated, once:
  // the notes listing reads it in its page statement (one round trip), every other route with the
  // token statement. Failed tokens are also counted per address. Each route finally authorizes the
  // token for its own rule (`requireToken`).
  router.use(limiter, jsonBody(), refuseNulInPath());
  router.use(notesListingAuthentication(context), authenticateRequest(tokens));
  router.use(countFailedTokenPerAddress(limiter));
  router.use(notesRoutes(context, tokens));
  router.use(activityLogsRoutes(context, tokens));
  router.use(adminLogsRoutes(context, tokens));
  router.use(workflowRunRoutes(context, tokens));
  router.use(unknownRoute());
  return router;
}

/** A `%00` in a project or environment name would reach the database; no name can hold it. */
function refuseNulInPath(): RequestHandler {
  return function refusePublicApiNulInPath(req, _res, next) {
    if (!pathHasNul(req.originalUrl)) {
      next();
      return;
    }
    const message = 'The path holds a NUL character (%00); no project or environment name contains it.';
    next(new ValidationError(message, [{ path: 'path', message }]));
  };
}

function unknownRoute(): RequestHandler {
  return function publicApiNotFound(req, _res, next) {
    const path = req.originalUrl.split('?')[0];
    next(new NotFoundError(`No public API endpoint for ${req.method} ${path}; see ${PUBLIC_API_PREFIX}/openapi.json.`));
  };
}
