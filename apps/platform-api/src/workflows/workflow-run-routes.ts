import { type Response, Router } from 'express';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { readBearerToken } from '../tokens/bearer-token';
import { getAuthentication } from '../tokens/public-api-auth';
import type { AuthenticatedToken } from '../tokens/token-authenticator';
import type { TokensService } from '../tokens/tokens-service';
import { getRunForToken } from './workflow-runs-service';
import { runIdSchema } from './workflow-schemas';

/**
 * `GET /v1/workflow-runs/:runId` on the public API: follow a run the webhook started. The token
 * rules are the webhook's (its user, in the team owning the workflow, SSO rule), not the listings'
 * Admin rule: whoever may start a run may follow it. A run the token cannot see is a 404.
 */
export function workflowRunRoutes(context: AppContext, tokens: TokensService): Router {
  const router = Router();

  router.get('/workflow-runs/:runId', async (req, res) => {
    const auth = await authenticated(res, tokens, req.headers.authorization);
    const runId = parseOrThrow(runIdSchema, req.params.runId, 'params.runId');
    const run = await getRunForToken(context, auth, runId);
    tokens.recordUse(auth);
    res.json(run);
  });

  return router;
}

/** The token `authenticateRequest` already checked (401 with its failure when it did not pass). */
async function authenticated(
  res: Response,
  tokens: TokensService,
  header: string | undefined,
): Promise<AuthenticatedToken> {
  const authentication = getAuthentication(res);
  if (!authentication) return tokens.authenticate(readBearerToken(header));
  if (!authentication.isAuthenticated) throw authentication.failure;
  return authentication.token;
}
