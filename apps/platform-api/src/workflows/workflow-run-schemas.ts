import { z } from 'zod';
import type { ZodOpenApiOperationObject } from 'zod-openapi';
import { errorObject, forbiddenObject, unauthorizedObject } from '../http/openapi/error-schemas';
import { applicationTokenSecurity } from '../http/openapi/security';
import type { RunView } from './workflow-run-view';
import { RUN_STATUS_NAMES, webhookBodySchema } from './workflow-schemas';

const STEP_STATUS_NAMES = ['pending', 'running', 'succeeded', 'failed', 'skipped'] as const;
const isoDate = z.string().meta({ description: 'ISO 8601.' });

export const workflowRunObject = z
  .object({
    runId: z.uuid(),
    status: z.enum(RUN_STATUS_NAMES).meta({ description: 'queued → running → succeeded | failed.' }),
    workflow: z.object({
      id: z.int(),
      name: z.string(),
      version: z.int().meta({ description: 'The version the run executes: the one current when it was created.' }),
    }),
    recordId: z.string(),
    steps: z.array(
      z.object({
        position: z.int().min(0).meta({ description: '0 for the first step.' }),
        kind: z.string().meta({ description: 'read, update, action, note, condition or ai.' }),
        status: z.enum(STEP_STATUS_NAMES),
        attempts: z.int().min(0),
        error: z.string().optional(),
        startedAt: isoDate.optional(),
        finishedAt: isoDate.optional(),
      }),
    ),
    error: z.string().optional().meta({ description: 'Why the run failed; left out otherwise.' }),
    createdAt: isoDate,
    startedAt: isoDate.optional(),
    finishedAt: isoDate.optional(),
  })
  .meta({ id: 'WorkflowRun' });

// Fails to compile when the route's view and the documented object drift apart.
const viewIsDocumented: Readonly<z.infer<typeof workflowRunObject>> = {} as RunView & {
  steps: RunView['steps'][number][];
};
void viewIsDocumented;

export const workflowRunPathSchema = z.object({ runId: z.uuid() });

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const optionalLimitHeaders = z.object({
  'X-RateLimit-Limit': z.int().min(0).optional().meta({ description: "The webhook's calls per minute." }),
  'X-RateLimit-Remaining': z.int().min(0).optional().meta({ description: 'Calls left in the current minute.' }),
  'X-RateLimit-Reset': z.int().min(0).optional().meta({ description: 'Unix time, in seconds, of the next window.' }),
});

/**
 * `POST <webhook_url>`: documented at the path the URL has here (`/hooks/workflows/{signedId}`),
 * though callers copy the whole URL and never build it. The rate-limit headers come only with
 * calls that reached the webhook's limiter (valid URL, token and trigger).
 */
export const webhookOperation: ZodOpenApiOperationObject = {
  operationId: 'triggerWorkflow',
  summary: 'Trigger a workflow run (webhook)',
  description:
    'Copy the URL whole from the workflow trigger settings (`platform-api workflows trigger enable`). Needs a read-write application token whose user is a member of the project in the team owning the workflow. See docs/workflows.md.',
  security: applicationTokenSecurity,
  requestParams: {
    path: z.object({
      signedId: z.string().meta({ description: 'The signed identifier: part of the URL, never built.' }),
    }),
  },
  requestBody: { required: true, content: json(webhookBodySchema.loose()) },
  responses: {
    '202': {
      description: 'The run is queued; follow it at `/v1/workflow-runs/{runId}`.',
      headers: optionalLimitHeaders,
      content: json(z.object({ runId: z.uuid() })),
    },
    '400': {
      description: 'Malformed, altered or superseded (regenerated) URL; invalid JSON; missing `record_id`.',
      headers: optionalLimitHeaders,
      content: json(errorObject),
    },
    '401': { description: 'Missing, invalid, revoked or expired token.', content: json(unauthorizedObject) },
    '403': {
      description: 'The token user may not run this workflow: another project, not in the team, SSO, read-only.',
      content: json(forbiddenObject),
    },
    '404': { description: 'Unknown webhook, trigger disabled, or workflow inactive.', content: json(errorObject) },
    '409': {
      description: 'A run of this workflow is already ongoing on this record.',
      headers: optionalLimitHeaders,
      content: json(z.object({ error: z.string() }).meta({ id: 'WebhookConflict' })),
    },
    '413': { description: 'The body is larger than 1 MB.', headers: optionalLimitHeaders, content: json(errorObject) },
    '415': {
      description: 'Unsupported `Content-Encoding`.',
      headers: optionalLimitHeaders,
      content: json(errorObject),
    },
    '429': {
      description: "The webhook's rate limit is exceeded; wait `Retry-After` seconds.",
      headers: optionalLimitHeaders.extend({ 'Retry-After': z.int().min(1).meta({ description: 'Seconds to wait.' }) }),
      content: json(errorObject),
    },
    '500': { description: 'Unexpected server error (`internal_error`).', content: json(errorObject) },
    '503': {
      description:
        'The database is unreachable for the moment (`service_unavailable`): no run was created; call again after `Retry-After` seconds.',
      headers: optionalLimitHeaders.extend({ 'Retry-After': z.int().min(1).meta({ description: 'Seconds to wait.' }) }),
      content: json(errorObject),
    },
  },
};
