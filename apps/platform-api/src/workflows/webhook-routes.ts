import { type ErrorRequestHandler, type RequestHandler, type Response, Router } from 'express';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { jsonBody } from '../http/json-body';
import { authenticatedToken, authenticateRequest } from '../tokens/token-authentication';
import type { AuthenticatedToken } from '../tokens/token-authenticator';
import { insufficientPermissions, type TokenRule, tokenRefusal } from '../tokens/token-rule';
import type { TokensService } from '../tokens/tokens-service';
import { signalRunQueued } from './executor/run-signal';
import { WEBHOOK_LIMIT_LOCALS_KEY, type WebhookLimit, webhookRateLimiter } from './webhook-rate-limiter';
import { findTriggeredWorkflow, type TriggeredWorkflow } from './webhook-target-service';
import { verifyWebhookTarget, WEBHOOK_PATH_PREFIX } from './webhook-url';
import { createRun } from './workflow-runs-service';
import { webhookBodySchema } from './workflow-schemas';
import { tokenAccessError, tokenAccessRefusal } from './workflow-token-access';

interface WebhookLocals {
  auth: AuthenticatedToken;
  workflow: TriggeredWorkflow;
}

const locals = (res: Response) => res.locals as unknown as WebhookLocals;

/** A run writes through the agent: the token must be read-write (its access is `tokenAccessRefusal`'s). */
const RUN_RULE: TokenRule = { scopes: [], requireAdmin: false, requireWrite: true };

/**
 * `POST /hooks/workflows/<signed>` (docs/workflows.md): starts a run of the URL's workflow on
 * `record_id` as the token's user, answering 202 `{ runId }`. Mounted before the app's JSON body
 * parser: the checks run in the spec's order, so that a caller without a valid URL and token learns
 * nothing from the body and costs no parse. Its 409 is `{ error }` (spec §7).
 */
export function webhookRoutes(context: AppContext, tokens: TokensService): Router {
  const router = Router();

  router.post(
    `${WEBHOOK_PATH_PREFIX}/:signed`,
    verifySignature(context),
    authenticateRequest(tokens),
    resolveTrigger(context),
    authorizeToken(context, tokens),
    webhookRateLimiter(context),
    jsonBody(),
    async (req, res) => {
      const { record_id: recordId } = parseOrThrow(webhookBodySchema, req.body ?? {}, 'body');
      const { auth, workflow } = locals(res);
      const run = await createRun(context, { workflow, recordId, userId: auth.user.id, tokenId: auth.token.id });
      try {
        await signalRunQueued(context);
      } catch (error) {
        // The run is queued either way and the workers' poll finds it; failing the call now would
        // make the caller retry into a 409.
        context.logger.warn({ err: error, runId: run.runId }, 'could not signal the workers of a queued run');
      }
      res.status(202).json(run);
    },
  );
  router.use(conflictAsErrorBody());
  return router;
}

const TARGET_KEY = 'webhookTarget';

/** Step 1: the URL's signature (400), before the token is even read. */
function verifySignature(context: AppContext): RequestHandler {
  return async function verifyWebhookSignature(req, res, next) {
    try {
      res.locals[TARGET_KEY] = await verifyWebhookTarget(context, String(req.params.signed));
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
}

/** Steps 2 and 3, once `authenticateRequest` ran: the Bearer token (401), the trigger's state (404/400). */
function resolveTrigger(context: AppContext): RequestHandler {
  return async function resolveWebhookTrigger(_req, res, next) {
    try {
      locals(res).auth = authenticatedToken(res);
      locals(res).workflow = await findTriggeredWorkflow(context, res.locals[TARGET_KEY]);
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
}

/**
 * Step 4: the token's user may run this workflow (workflow-token-access.ts), with a read-write
 * token, since a run writes through the agent. Then the webhook's own rate limit applies.
 */
function authorizeToken(context: AppContext, tokens: TokensService): RequestHandler {
  return async function authorizeWebhookToken(_req, res, next) {
    try {
      const { auth, workflow } = locals(res);
      const refusal = await tokenAccessRefusal(context, auth, {
        teamId: workflow.rendering.teamId,
        projectId: workflow.rendering.environment.projectId,
      });
      if (refusal !== null) throw tokenAccessError(refusal);
      if (tokenRefusal(auth, RUN_RULE) !== null) {
        throw insufficientPermissions('starting a workflow run needs a read-write token.');
      }
      tokens.recordUse(auth);
      res.locals[WEBHOOK_LIMIT_LOCALS_KEY] = {
        workflowId: workflow.id,
        perMinute: workflow.webhookTrigger.rateLimitPerMinute,
      } satisfies WebhookLimit;
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
}

/** The webhook's 409 body is `{ error: <message> }` (spec §7); every other error goes to the app's handler. */
function conflictAsErrorBody(): ErrorRequestHandler {
  return function webhookConflict(error: unknown, _req, res, next) {
    if (res.headersSent || !(error instanceof Error) || error.name !== 'ConflictError') {
      next(error);
      return;
    }
    res.status(409).json({ error: error.message });
  };
}
