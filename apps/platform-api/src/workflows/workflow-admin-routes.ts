import { type RequestHandler, type Response, Router } from 'express';
import type { AppContext } from '../context';
import { NotFoundError, parseOrThrow } from '../errors';
import { getSessionLocals, requireSession } from '../identity';
import { disableTrigger, enableTrigger, regenerateTrigger, setTriggerRateLimit } from './webhook-trigger-service';
import type { WorkflowActor } from './workflow-access';
import { deleteWorkflow } from './workflow-deletion';
import { getAdminRun, listRuns } from './workflow-runs-service';
import {
  deleteWorkflowQuerySchema,
  listRunsQuerySchema,
  listWorkflowsQuerySchema,
  publishWorkflowBodySchema,
  runIdSchema,
  workflowIdSchema,
} from './workflow-schemas';
import { getWorkflow, listWorkflows, publishWorkflow, setWorkflowActive } from './workflows-service';

export interface WorkflowAdminRoutesOptions {
  /** Session authentication setting `res.locals.session`; the identity module's by default. */
  readonly requireSession?: RequestHandler;
}

const actorOf = (res: Response): WorkflowActor => {
  const { user } = getSessionLocals(res);
  return { userId: user.id, email: user.email };
};

/**
 * Workflow management for signed-in Admins of the project (session cookie; docs/workflows.md):
 * list, publish, activate/deactivate, delete, the webhook trigger (enable/disable/regenerate return
 * its URL, rate limit), and runs. A workflow of a project the user is not a member of is a 404; a
 * member who is not an Admin gets 403.
 */
export function workflowAdminRoutes(context: AppContext, options: WorkflowAdminRoutesOptions = {}): Router {
  const router = Router();
  const one = '/api/workflows/:workflowId';
  const idOf = (value: unknown) => parseOrThrow(workflowIdSchema, value, 'params.workflowId');
  router.use('/api/workflows', options.requireSession ?? requireSession(context));

  router.get('/api/workflows', async (req, res) => {
    const query = parseOrThrow(listWorkflowsQuerySchema, req.query, 'query');
    res.json({ workflows: await listWorkflows(context, actorOf(res), query) });
  });

  router.post('/api/workflows', async (req, res) => {
    const { definition, ...target } = parseOrThrow(publishWorkflowBodySchema, req.body ?? {}, 'body');
    const published = await publishWorkflow(context, actorOf(res), target, definition);
    res.status(published.isNew ? 201 : 200).json({ workflow: published.workflow });
  });

  router.get(one, async (req, res) => {
    res.json({ workflow: await getWorkflow(context, actorOf(res), idOf(req.params.workflowId)) });
  });

  router.delete(one, async (req, res) => {
    const { force } = parseOrThrow(deleteWorkflowQuerySchema, req.query, 'query');
    await deleteWorkflow(context, actorOf(res), idOf(req.params.workflowId), { force: force === 'true' });
    res.status(204).end();
  });

  for (const [verb, isActive] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    router.post(`${one}/${verb}`, async (req, res) => {
      res.json({ workflow: await setWorkflowActive(context, actorOf(res), idOf(req.params.workflowId), isActive) });
    });
  }

  const triggerChanges = { enable: enableTrigger, disable: disableTrigger, regenerate: regenerateTrigger };
  for (const [verb, change] of Object.entries(triggerChanges)) {
    router.post(`${one}/trigger/${verb}`, async (req, res) => {
      res.json({ workflow: await change(context, actorOf(res), idOf(req.params.workflowId)) });
    });
  }

  router.put(`${one}/trigger/rate-limit`, async (req, res) => {
    const workflow = await setTriggerRateLimit(context, actorOf(res), idOf(req.params.workflowId), req.body ?? {});
    res.json({ workflow });
  });

  router.get(`${one}/runs`, async (req, res) => {
    const query = parseOrThrow(listRunsQuerySchema, req.query, 'query');
    res.json({ runs: await listRuns(context, actorOf(res), idOf(req.params.workflowId), query) });
  });

  router.get(`${one}/runs/:runId`, async (req, res) => {
    const runId = parseOrThrow(runIdSchema, req.params.runId, 'params.runId');
    const run = await getAdminRun(context, actorOf(res), runId);
    // Reached through its workflow's path: a run of another workflow is not found there.
    if (run.workflow.id !== idOf(req.params.workflowId)) {
      throw new NotFoundError(`No run ${runId} of workflow ${req.params.workflowId}.`);
    }
    res.json({ run });
  });

  return router;
}
