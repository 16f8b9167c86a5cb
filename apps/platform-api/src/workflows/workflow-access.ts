import type { AppContext } from '../context';
import { ForbiddenError, NotFoundError } from '../errors';
import type { Project } from '../generated/prisma/client';
import { findMemberProject, findProjectByName } from '../projects/project-lookup';
import { WORKFLOW_INCLUDE, type WorkflowWithPlace } from './workflow-view';

/**
 * Who manages workflows: a signed-in user (admin HTTP API), who must be an Admin of the project,
 * or the operator at the CLI (null), who may manage any project on the database they hold.
 */
export type WorkflowActor = { readonly userId: number; readonly email: string } | null;

const notAdmin = (project: Pick<Project, 'name'>) =>
  new ForbiddenError(`Only Admins of project ${project.name} manage its workflows.`);

/** The project named `projectName` as `actor` may manage it (NotFound, Conflict or Forbidden otherwise). */
export async function findManagedProject(
  context: AppContext,
  actor: WorkflowActor,
  projectName: string,
  organizationName?: string,
): Promise<Project> {
  if (actor === null) return findProjectByName(context, projectName, organizationName);
  const { project, role } = await findMemberProject(context, actor.userId, projectName, organizationName);
  if (role !== 'Admin') throw notAdmin(project);
  return project;
}

/**
 * The workflow `workflowId` with its place, as `actor` may manage it. A workflow of a project the
 * user is not a member of is "not found", so that ids of other tenants' workflows do not leak.
 */
export async function findManagedWorkflow(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
): Promise<WorkflowWithPlace> {
  const workflow = await context.prisma.workflow.findUnique({ where: { id: workflowId }, include: WORKFLOW_INCLUDE });
  const notFound = new NotFoundError(`No workflow ${workflowId}.`);
  if (!workflow) throw notFound;
  if (actor === null) return workflow;
  const project = workflow.rendering.environment.project;
  const membership = await context.prisma.projectMembership.findUnique({
    where: { projectId_userId: { projectId: project.id, userId: actor.userId } },
  });
  if (!membership) throw notFound;
  if (membership.role !== 'Admin') throw notAdmin(project);
  return workflow;
}
