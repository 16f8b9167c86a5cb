import type { AppContext } from '../../src/context';
import type { Environment, Prisma, Team, Workflow } from '../../src/generated/prisma/client';
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
  const workflow = await context.prisma.workflow.create({
    data: {
      renderingId: rendering.id,
      name: options.name ?? `workflow-${uniqueSuffix()}`,
      collectionName: 'invoices',
      definition: [...(options.steps ?? DEFAULT_STEPS)] as Prisma.InputJsonArray,
      isActive: options.isActive ?? true,
    },
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
