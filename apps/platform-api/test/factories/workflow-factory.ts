import type { AppContext } from '../../src/context';
import type { Environment, Prisma, RunStatus, Team, User, Workflow } from '../../src/generated/prisma/client';
import { signWebhookTarget, WEBHOOK_PATH_PREFIX } from '../../src/workflows/webhook-url';
import type { WorkflowStep } from '../../src/workflows/workflow-schemas';
import { uniqueSuffix } from './unique-suffix';

export const DEFAULT_STEPS: readonly WorkflowStep[] = [
  { kind: 'read', fields: ['status'] },
  { kind: 'update', values: { status: 'paid' } },
  { kind: 'note', content: 'Marked as paid.' },
];

export interface SeedWorkflowOptions {
  readonly environment: Environment;
  readonly team: Team;
  readonly name?: string;
  readonly steps?: readonly WorkflowStep[];
  /** `invoices` unless told. */
  readonly collection?: string;
  readonly isActive?: boolean;
  /** The webhook trigger: enabled with the default limit unless told; `false` for none. */
  readonly trigger?: false | { readonly isEnabled?: boolean; readonly rateLimitPerMinute?: number };
}

export interface SeededWorkflow {
  readonly workflow: Workflow;
  readonly renderingId: number;
  /** The webhook URL's path (`/hooks/workflows/<signed>`) for the trigger's current generation. */
  readonly path: string;
}

/** A workflow on the team's rendering of the environment (made when missing), with its webhook trigger. */
export async function seedWorkflow(context: AppContext, options: SeedWorkflowOptions): Promise<SeededWorkflow> {
  const rendering = await context.prisma.rendering.upsert({
    where: { environmentId_teamId: { environmentId: options.environment.id, teamId: options.team.id } },
    create: { environmentId: options.environment.id, teamId: options.team.id },
    update: {},
  });
  const workflow = await seedWorkflowOnRendering(context, {
    renderingId: rendering.id,
    steps: options.steps ?? DEFAULT_STEPS,
    collection: options.collection ?? 'invoices',
    ...(options.name === undefined ? {} : { name: options.name }),
    isActive: options.isActive ?? true,
  });
  const trigger =
    options.trigger === false
      ? null
      : await context.prisma.webhookTrigger.create({
          data: {
            workflowId: workflow.id,
            isEnabled: options.trigger?.isEnabled ?? true,
            rateLimitPerMinute: options.trigger?.rateLimitPerMinute ?? 60,
          },
        });
  const path = await webhookPathOf(context, workflow.id, rendering.id, trigger?.generation ?? 1);
  return { workflow, renderingId: rendering.id, path };
}

/** The webhook path this server signs for a workflow, rendering and generation. */
export async function webhookPathOf(
  context: AppContext,
  workflowId: number,
  renderingId: number,
  generation: number,
): Promise<string> {
  return `${WEBHOOK_PATH_PREFIX}/${await signWebhookTarget(context, { workflowId, renderingId, generation })}`;
}

/** Ends the workflow's active run on the record, as the executor does when a run finishes. */
export async function finishActiveRun(context: AppContext, workflowId: number, recordId: string): Promise<void> {
  await context.prisma.workflowRun.updateMany({
    where: { workflowId, activeRecordId: recordId },
    data: { status: 'Succeeded', activeRecordId: null, finishedAt: context.now() },
  });
}

export interface WorkflowSeed {
  readonly renderingId: number;
  readonly steps: readonly WorkflowStep[];
  readonly name?: string;
  readonly collection?: string;
  readonly isActive?: boolean;
}

/** A published workflow (`definition` = its steps), version 1, active unless told. */
export function seedWorkflowOnRendering(context: AppContext, seed: WorkflowSeed): Promise<Workflow> {
  return context.prisma.workflow.create({
    data: {
      renderingId: seed.renderingId,
      name: seed.name ?? `workflow-${uniqueSuffix()}`,
      collectionName: seed.collection ?? 'orders',
      definition: seed.steps as unknown as Prisma.InputJsonArray,
      isActive: seed.isActive ?? true,
    },
  });
}

export interface RunSeed {
  readonly workflow: Workflow;
  readonly user: User;
  readonly recordId: string;
  readonly status?: RunStatus;
}

/**
 * A run as the webhook trigger creates it: Queued, `activeRecordId` = the record, the workflow's
 * steps and version copied, one Pending step row per step.
 */
export async function seedRun(context: AppContext, seed: RunSeed) {
  const [id] = await seedRuns(context, { ...seed, recordIds: [seed.recordId] });
  return context.prisma.workflowRun.findUniqueOrThrow({ where: { id } });
}

/** Many runs of one workflow in two statements (benchmarks and concurrency tests); returns their ids. */
export async function seedRuns(
  context: AppContext,
  seed: Omit<RunSeed, 'recordId'> & { readonly recordIds: readonly string[] },
): Promise<string[]> {
  const { workflow } = seed;
  const steps = workflow.definition as unknown as WorkflowStep[];
  const runs = await context.prisma.workflowRun.createManyAndReturn({
    data: seed.recordIds.map((recordId) => ({
      workflowId: workflow.id,
      workflowVersion: workflow.version,
      definition: workflow.definition as Prisma.InputJsonValue,
      recordId,
      activeRecordId: recordId,
      status: seed.status ?? 'Queued',
      userId: seed.user.id,
    })),
    select: { id: true },
  });
  await context.prisma.workflowRunStep.createMany({
    data: runs.flatMap((run) => steps.map((step, position) => ({ runId: run.id, position, kind: step.kind }))),
  });
  return runs.map((run) => run.id);
}
