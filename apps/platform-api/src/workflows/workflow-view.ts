import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';
import { webhookUrlOf } from './webhook-url';

/** What a workflow is shown with: its place (team, environment, project) and its trigger. */
export const WORKFLOW_INCLUDE = {
  rendering: { include: { team: true, environment: { include: { project: true } } } },
  webhookTrigger: true,
} as const satisfies Prisma.WorkflowInclude;

export type WorkflowWithPlace = Prisma.WorkflowGetPayload<{ include: typeof WORKFLOW_INCLUDE }>;

export interface WebhookTriggerView {
  readonly isEnabled: boolean;
  /** The URL to call; null while the trigger is disabled (the same URL comes back when enabled again). */
  readonly url: string | null;
  readonly rateLimitPerMinute: number;
  readonly updatedAt: string;
}

export interface WorkflowView {
  readonly id: number;
  readonly name: string;
  readonly collection: string;
  readonly version: number;
  readonly isActive: boolean;
  readonly project: { readonly id: number; readonly name: string };
  readonly environment: { readonly id: number; readonly name: string };
  readonly team: { readonly id: number; readonly name: string };
  readonly steps: unknown;
  /** Null until the webhook trigger is enabled once. */
  readonly trigger: WebhookTriggerView | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export async function toWorkflowView(context: AppContext, workflow: WorkflowWithPlace): Promise<WorkflowView> {
  const { rendering, webhookTrigger: trigger } = workflow;
  return {
    id: workflow.id,
    name: workflow.name,
    collection: workflow.collectionName,
    version: workflow.version,
    isActive: workflow.isActive,
    project: { id: rendering.environment.project.id, name: rendering.environment.project.name },
    environment: { id: rendering.environment.id, name: rendering.environment.name },
    team: { id: rendering.team.id, name: rendering.team.name },
    steps: workflow.definition,
    trigger: trigger && {
      isEnabled: trigger.isEnabled,
      url: trigger.isEnabled
        ? await webhookUrlOf(context, {
            workflowId: workflow.id,
            renderingId: workflow.renderingId,
            generation: trigger.generation,
          })
        : null,
      rateLimitPerMinute: trigger.rateLimitPerMinute,
      updatedAt: trigger.updatedAt.toISOString(),
    },
    createdAt: workflow.createdAt.toISOString(),
    updatedAt: workflow.updatedAt.toISOString(),
  };
}
