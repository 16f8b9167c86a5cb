// The zod schemas of what the workflows feature reads: webhook bodies, admin API inputs, CLI options.
import { z } from 'zod';
import { withoutNul } from '../http/text-rules';
import { workflowDefinitionSchema } from './workflow-schemas';

const name = (what: string) => withoutNul(z.string().trim().min(1, `The ${what} name cannot be empty.`), what);

/** The webhook body (spec §4.2): `record_id`, a non-empty string (composite keys packed); the rest ignored. */
export const webhookBodySchema = z.object({
  record_id: withoutNul(
    z
      .string({ error: 'record_id is required: the id of the record to run the workflow on, as a string.' })
      .min(1, 'record_id cannot be empty.')
      .max(1024, 'record_id has at most 1024 characters.'),
    'record_id',
  ),
});

/** Where a workflow lives: a project (its organization when ambiguous), an environment, a team. */
export const renderingTargetSchema = z.object({
  project: name('project'),
  organization: name('organization').optional(),
  environment: name('environment'),
  team: name('team'),
});
export type RenderingTarget = z.output<typeof renderingTargetSchema>;

/** `GET /api/workflows` and `workflows list`: an environment's workflows, or one team's. */
export const listWorkflowsQuerySchema = renderingTargetSchema.partial({ team: true });
export type ListWorkflowsQuery = z.output<typeof listWorkflowsQuerySchema>;

/** `POST /api/workflows`: where to publish, and the workflow definition (workflow-schemas.ts). */
export const publishWorkflowBodySchema = renderingTargetSchema.extend({ definition: workflowDefinitionSchema });

export const workflowIdSchema = z.coerce
  .number({ error: 'A workflow id is a positive integer.' })
  .int('A workflow id is a positive integer.')
  .min(1, 'A workflow id is a positive integer.')
  .max(2_147_483_647, 'A workflow id is a positive integer.');

/** `DELETE /api/workflows/:id`: `?force=true` deletes it even while runs are queued or running. */
export const deleteWorkflowQuerySchema = z.object({
  force: z.enum(['true', 'false'], { error: 'force is true or false.' }).optional(),
});

export const runIdSchema = z.uuid({ error: 'A run id is a UUID, as the webhook returned it.' });

export const MAX_RATE_LIMIT_PER_MINUTE = 10_000;

export const rateLimitBodySchema = z.object({
  perMinute: z.coerce
    .number()
    .int('The rate limit is a whole number of requests per minute.')
    .min(1, 'The rate limit is at least 1 request per minute.')
    .max(MAX_RATE_LIMIT_PER_MINUTE, `The rate limit is at most ${MAX_RATE_LIMIT_PER_MINUTE} requests per minute.`),
});

export const RUN_STATUS_NAMES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const listRunsQuerySchema = z.object({
  status: z.enum(RUN_STATUS_NAMES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListRunsQuery = z.output<typeof listRunsQuerySchema>;
