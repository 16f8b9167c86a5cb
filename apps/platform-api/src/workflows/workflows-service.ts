import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/unique-violation';
import { parseOrThrow } from '../errors';
import type { Prisma } from '../generated/prisma/client';
import { findEnvironment } from '../projects/environment-lookup';
import { findRenderingByNames, findTeam } from '../projects/rendering-lookup';
import { findManagedProject, findManagedWorkflow, type WorkflowActor } from './workflow-access';
import { type ListWorkflowsQuery, type RenderingTarget, workflowDefinitionSchema } from './workflow-schemas';
import { toWorkflowView, WORKFLOW_INCLUDE, type WorkflowView, type WorkflowWithPlace } from './workflow-view';

/** The admin-log actions written by the workflows feature (target type `workflow`). */
export const WORKFLOW_ADMIN_LOG_ACTIONS = {
  publish: 'workflow.publish',
  activate: 'workflow.activate',
  deactivate: 'workflow.deactivate',
  enableTrigger: 'workflow.trigger.enable',
  disableTrigger: 'workflow.trigger.disable',
  regenerateTrigger: 'workflow.trigger.regenerate',
  setRateLimit: 'workflow.trigger.rate_limit',
  delete: 'workflow.delete',
} as const;

export interface PublishedWorkflow {
  readonly workflow: WorkflowView;
  /** True when this publication created the workflow, false when it made a new version of it. */
  readonly isNew: boolean;
}

/**
 * Publishes a workflow definition (workflow-schemas.ts) for a team's rendering of an environment:
 * creates it, or makes a new version of the workflow of that name there. Its id, hence its webhook
 * URL, stays the same across versions; runs keep the version they started with.
 */
export async function publishWorkflow(
  context: AppContext,
  actor: WorkflowActor,
  target: RenderingTarget,
  definitionInput: unknown,
): Promise<PublishedWorkflow> {
  const definition = parseOrThrow(workflowDefinitionSchema, definitionInput, 'definition');
  const project = await findManagedProject(context, actor, target.project, target.organization);
  const rendering = await findRenderingByNames(context, project, target.environment, target.team);
  const steps = definition.steps as Prisma.InputJsonArray;
  const fields = { collectionName: definition.collection, definition: steps, isActive: definition.isActive };
  const upsert = () =>
    context.prisma.workflow.upsert({
      where: { renderingId_name: { renderingId: rendering.id, name: definition.name } },
      create: { renderingId: rendering.id, name: definition.name, ...fields },
      update: { ...fields, version: { increment: 1 } },
      include: WORKFLOW_INCLUDE,
    });
  let workflow: WorkflowWithPlace;
  try {
    workflow = await upsert();
  } catch (error) {
    // Two first publications of one name at once: the loser's insert hits the unique index; it is
    // now an update of the winner's workflow.
    if (!isUniqueViolation(error)) throw error;
    workflow = await upsert();
  }
  await logChange(context, actor, workflow, WORKFLOW_ADMIN_LOG_ACTIONS.publish, {
    version: workflow.version,
    steps: definition.steps.length,
  });
  return { workflow: await toWorkflowView(context, workflow), isNew: workflow.version === 1 };
}

/** Activates or deactivates a workflow: an inactive workflow's webhook answers 404. */
export async function setWorkflowActive(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
  isActive: boolean,
): Promise<WorkflowView> {
  await findManagedWorkflow(context, actor, workflowId);
  const workflow = await context.prisma.workflow.update({
    where: { id: workflowId },
    data: { isActive },
    include: WORKFLOW_INCLUDE,
  });
  const action = isActive ? WORKFLOW_ADMIN_LOG_ACTIONS.activate : WORKFLOW_ADMIN_LOG_ACTIONS.deactivate;
  await logChange(context, actor, workflow, action, {});
  return toWorkflowView(context, workflow);
}

/** The workflows of an environment (of one team's rendering when `query.team` is set), by name. */
export async function listWorkflows(
  context: AppContext,
  actor: WorkflowActor,
  query: ListWorkflowsQuery,
): Promise<WorkflowView[]> {
  const project = await findManagedProject(context, actor, query.project, query.organization);
  const environment = await findEnvironment(context, project, query.environment);
  const team = query.team === undefined ? undefined : await findTeam(context, project, query.team);
  const workflows = await context.prisma.workflow.findMany({
    where: { rendering: { environmentId: environment.id, teamId: team?.id } },
    include: WORKFLOW_INCLUDE,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return Promise.all(workflows.map((workflow) => toWorkflowView(context, workflow)));
}

/** One workflow, as its Admins (or the operator) see it. */
export async function getWorkflow(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
): Promise<WorkflowView> {
  return toWorkflowView(context, await findManagedWorkflow(context, actor, workflowId));
}

/** Writes one `workflow.*` admin-log entry for a change made by `actor` (null: the CLI). */
export async function logChange(
  context: AppContext,
  actor: WorkflowActor,
  workflow: WorkflowWithPlace,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  const project = workflow.rendering.environment.project;
  await recordAdminLog(context, {
    organizationId: project.organizationId,
    projectId: project.id,
    userId: actor?.userId ?? null,
    userEmail: actor?.email ?? null,
    action,
    targetType: 'workflow',
    targetId: workflow.id,
    details: {
      name: workflow.name,
      environment: workflow.rendering.environment.name,
      team: workflow.rendering.team.name,
      source: actor === null ? 'cli' : 'api',
      ...details,
    },
  });
}
