import { Router } from 'express';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { authenticatedToken } from '../tokens/token-authentication';
import type { TokensService } from '../tokens/tokens-service';
import { getRunForToken } from './workflow-runs-service';
import { runIdSchema } from './workflow-schemas';

/**
 * `GET /v1/workflow-runs/:runId` on the public API: follow a run the webhook started. The token
 * rules are the webhook's (its user, in the team owning the workflow, SSO rule), not the listings'
 * Admin rule: whoever may start a run may follow it (`tokenAccessRefusal`). A run the token
 * cannot see is a 404. Behind the public API's `authenticateRequest`.
 */
export function workflowRunRoutes(context: AppContext, tokens: TokensService): Router {
  const router = Router();

  router.get('/workflow-runs/:runId', async (req, res) => {
    const auth = authenticatedToken(res);
    const runId = parseOrThrow(runIdSchema, req.params.runId, 'params.runId');
    const run = await getRunForToken(context, auth, runId);
    tokens.recordUse(auth);
    res.json(run);
  });

  return router;
}
