import type { AppContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import type { Prisma } from '../generated/prisma/client';
import type { WebhookTarget } from './webhook-url';

const TARGET_INCLUDE = {
  webhookTrigger: true,
  rendering: { include: { environment: { select: { projectId: true } } } },
} as const satisfies Prisma.WorkflowInclude;

export type TriggeredWorkflow = Prisma.WorkflowGetPayload<{ include: typeof TARGET_INCLUDE }> & {
  readonly webhookTrigger: NonNullable<Prisma.WorkflowGetPayload<{ include: typeof TARGET_INCLUDE }>['webhookTrigger']>;
};

/**
 * The workflow a verified webhook URL starts, with its trigger, in one query. In this order:
 * unknown workflow, rendering or trigger → 404; a URL of an earlier generation → 400 (superseded:
 * an old URL stays a 400 whatever later happens to the trigger); trigger disabled → 404; workflow
 * inactive → 404. Re-publication keeps the workflow's id, so the URL starts its latest version.
 */
export async function findTriggeredWorkflow(context: AppContext, target: WebhookTarget): Promise<TriggeredWorkflow> {
  const workflow = await context.prisma.workflow.findUnique({
    where: { id: target.workflowId },
    include: TARGET_INCLUDE,
  });
  const trigger = workflow?.webhookTrigger;
  if (!workflow || !trigger || workflow.renderingId !== target.renderingId) {
    throw new NotFoundError('No workflow webhook at this URL.');
  }
  if (trigger.generation !== target.generation) {
    throw new ValidationError(
      'This webhook URL was regenerated and no longer works; copy the new one from the workflow.',
    );
  }
  if (!trigger.isEnabled) throw new NotFoundError(`The webhook trigger of workflow ${workflow.name} is disabled.`);
  if (!workflow.isActive) throw new NotFoundError(`Workflow ${workflow.name} is not active.`);
  return { ...workflow, webhookTrigger: trigger };
}
