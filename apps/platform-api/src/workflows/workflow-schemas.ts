import { z } from 'zod';
import { withoutNul } from '../http/text-rules';

/**
 * The step model of a workflow. A run executes the steps in order on one record of the workflow's
 * collection; "data steps" (`read`, `update`, `action`) go through the environment's agent as the
 * run's user, `note` writes a platform note on the record, `ai` asks the agent's AI and saves its
 * answer, and `condition` checks a field of the record as last read and either lets the run go on,
 * stops it early (succeeded) or fails it.
 */
const fieldName = z.string().trim().min(1, 'expected a field name').max(200);
const values = z.record(z.string().min(1), z.unknown());
/** Options every kind accepts: `timeoutMs` bounds the step's call (retried when transient). */
const stepOptions = { timeoutMs: z.number().int().min(100).max(300_000).optional() };

/** Loads the record (only `fields` when given); later `condition` and `note` steps see it. */
export const readStepSchema = z.strictObject({
  kind: z.literal('read'),
  ...stepOptions,
  fields: z.array(fieldName).min(1).max(200).optional(),
});

/** Writes `values` to the record through the agent (its permissions, scopes and hooks apply). */
export const updateStepSchema = z.strictObject({
  kind: z.literal('update'),
  ...stepOptions,
  values: values.refine((object) => Object.keys(object).length > 0, 'expected at least one field'),
});

/** Runs the agent action `action` on the record, filling its form with `values`. */
export const actionStepSchema = z.strictObject({
  kind: z.literal('action'),
  ...stepOptions,
  action: z.string().trim().min(1, 'expected an action name').max(200),
  values: values.optional(),
});

/** Adds a platform note on the record; `{{field}}` placeholders take the record's last read values. */
export const noteStepSchema = z.strictObject({
  kind: z.literal('note'),
  ...stepOptions,
  title: z.string().trim().min(1).max(200).optional(),
  content: z.string().trim().min(1, 'expected the note text').max(10_000),
});

/**
 * Asks the AI of the environment's agent (its `addAi` provider, as the run's user): `prompt` and
 * `system` take `{{field}}` placeholders from the record as last read. With `schema` (a JSON
 * Schema) the answer must be JSON and is saved parsed; without it, as text. `saveAs` writes the
 * answer to a field of the record through the agent, or as a note on the record.
 */
export const aiStepSchema = z.strictObject({
  kind: z.literal('ai'),
  ...stepOptions,
  prompt: z.string().trim().min(1, 'expected the prompt').max(20_000),
  system: z.string().trim().min(1).max(20_000).optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
  saveAs: z.union([z.strictObject({ field: fieldName }), z.strictObject({ note: z.literal(true) })], {
    error: 'expected { field: <name> } or { note: true }',
  }),
});

export const CONDITION_OPERATORS = [
  'equal',
  'not_equal',
  'present',
  'blank',
  'greater_than',
  'less_than',
  'in',
] as const;

/**
 * Goes on when `field <operator> value` holds for the record as last read; otherwise the run stops:
 * `otherwise: 'stop'` ends it as succeeded (the remaining steps are skipped), `'fail'` as failed
 * with `message`.
 */
export const conditionStepSchema = z
  .strictObject({
    kind: z.literal('condition'),
    ...stepOptions,
    field: fieldName,
    operator: z.enum(CONDITION_OPERATORS),
    value: z.unknown().optional(),
    otherwise: z.enum(['stop', 'fail']),
    message: z.string().trim().min(1).max(500).optional(),
  })
  .refine((step) => step.operator === 'present' || step.operator === 'blank' || step.value !== undefined, {
    message: 'expected a value for this operator',
    path: ['value'],
  })
  .refine((step) => step.operator !== 'in' || Array.isArray(step.value), {
    message: "expected a list of values for 'in'",
    path: ['value'],
  });

export const workflowStepSchema = z.discriminatedUnion('kind', [
  readStepSchema,
  updateStepSchema,
  actionStepSchema,
  noteStepSchema,
  conditionStepSchema,
  aiStepSchema,
]);

export const workflowDefinitionSchema = z.strictObject({
  name: z.string().trim().min(1, 'expected a workflow name').max(200),
  collection: z.string().trim().min(1, 'expected a collection name').max(200),
  isActive: z.boolean().default(true),
  steps: z.array(workflowStepSchema).min(1, 'expected at least one step').max(50),
});

export type WorkflowStep = z.infer<typeof workflowStepSchema>;
export type WorkflowDefinition = z.infer<typeof workflowDefinitionSchema>;
export type StepKind = WorkflowStep['kind'];

/** Steps that read or write through the agent: a missing or inaccessible record fails the first one. */
export const DATA_STEP_KINDS: readonly StepKind[] = ['read', 'update', 'action'];

// What the workflows feature reads besides definitions: webhook bodies, admin API inputs, CLI options.

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

/** `POST /api/workflows`: where to publish, and the workflow definition (above). */
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
