import type { AppContext } from '../context';
import { NotFoundError, parseOrThrow } from '../errors';
import { findManagedWorkflow, type WorkflowActor } from './workflow-access';
import { rateLimitBodySchema } from './workflow-schemas';
import { toWorkflowView, WORKFLOW_INCLUDE, type WorkflowView, type WorkflowWithPlace } from './workflow-view';
import { logChange, WORKFLOW_ADMIN_LOG_ACTIONS } from './workflows-service';

/**
 * The webhook trigger of a workflow: enabling it gives its URL; disabling it makes the URL answer
 * 404 until it is enabled again (the same URL); regenerating it makes a new URL at once and the
 * old one answer 400. Each change returns the workflow with its trigger (and URL) and is logged.
 */
export async function enableTrigger(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
): Promise<WorkflowView> {
  await findManagedWorkflow(context, actor, workflowId);
  await context.prisma.webhookTrigger.upsert({
    where: { workflowId },
    create: { workflowId },
    update: { isEnabled: true },
  });
  return changed(context, actor, workflowId, WORKFLOW_ADMIN_LOG_ACTIONS.enableTrigger, {});
}

export async function disableTrigger(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
): Promise<WorkflowView> {
  const workflow = await findWithTrigger(context, actor, workflowId);
  await context.prisma.webhookTrigger.update({ where: { workflowId: workflow.id }, data: { isEnabled: false } });
  return changed(context, actor, workflowId, WORKFLOW_ADMIN_LOG_ACTIONS.disableTrigger, {});
}

export async function regenerateTrigger(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
): Promise<WorkflowView> {
  await findWithTrigger(context, actor, workflowId);
  // One atomic increment: URLs signed with any earlier generation are refused from this commit on.
  const trigger = await context.prisma.webhookTrigger.update({
    where: { workflowId },
    data: { generation: { increment: 1 } },
  });
  return changed(context, actor, workflowId, WORKFLOW_ADMIN_LOG_ACTIONS.regenerateTrigger, {
    generation: trigger.generation,
  });
}

/** Sets how many calls per minute the webhook accepts (counted per webhook, all callers together). */
export async function setTriggerRateLimit(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
  input: unknown,
): Promise<WorkflowView> {
  const { perMinute } = parseOrThrow(rateLimitBodySchema, input, 'body');
  await findWithTrigger(context, actor, workflowId);
  await context.prisma.webhookTrigger.update({ where: { workflowId }, data: { rateLimitPerMinute: perMinute } });
  return changed(context, actor, workflowId, WORKFLOW_ADMIN_LOG_ACTIONS.setRateLimit, { perMinute });
}

async function findWithTrigger(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
): Promise<WorkflowWithPlace> {
  const workflow = await findManagedWorkflow(context, actor, workflowId);
  if (!workflow.webhookTrigger) {
    throw new NotFoundError(`Workflow ${workflow.name} has no webhook trigger yet; enable it first.`);
  }
  return workflow;
}

async function changed(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
  action: string,
  details: Record<string, unknown>,
): Promise<WorkflowView> {
  const workflow = await context.prisma.workflow.findUniqueOrThrow({
    where: { id: workflowId },
    include: WORKFLOW_INCLUDE,
  });
  // Never the URL: it is a credential, and the admin log is readable through the public API.
  await logChange(context, actor, workflow, action, details);
  return toWorkflowView(context, workflow);
}
