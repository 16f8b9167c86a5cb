import type { z } from 'zod';
import { publishAgentEvent } from '../agent-events/agent-events';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import type { Environment, Prisma, Project } from '../generated/prisma/client';
import { findProjectByName } from '../projects/project-lookup';
import type {
  addActionSchema,
  agentUrlSchema,
  chartsSchema,
  clearScopeSchema,
  environmentTargetSchema,
  GrantInput,
  memberTagsSchema,
  removeActionSchema,
  scopeSchema,
} from './agent-admin-schemas';

type Target = z.output<typeof environmentTargetSchema>;

// What operators change about agents (the admin CLI): rights, scopes, the agent URL, tags and
// no-code actions. Each change writes an admin-log entry and sends the agents' refresh event.

/** The environment named in `target`, with its project; NotFoundError / ConflictError otherwise. */
export async function findEnvironment(
  context: AppContext,
  target: Target,
): Promise<Environment & { project: Project }> {
  const project = await findProjectByName(context, target.project, target.organization);
  const environment = await context.prisma.environment.findUnique({
    where: { projectId_name: { projectId: project.id, name: target.environment } },
  });
  if (!environment)
    throw new NotFoundError(`Project ${project.name} has no environment named "${target.environment}".`);
  return { ...environment, project };
}

async function logChange(
  context: AppContext,
  environment: Environment & { project: Project },
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAdminLog(context, {
    organizationId: environment.project.organizationId,
    projectId: environment.projectId,
    action,
    targetType: 'environment',
    targetId: environment.id,
    details: { environment: environment.name, ...details },
  });
}

const RIGHT_COLUMNS = {
  browse: 'canBrowse',
  read: 'canRead',
  add: 'canAdd',
  edit: 'canEdit',
  delete: 'canDelete',
  export: 'canExport',
} as const;

function refuseAdmin(role: string): void {
  if (role === 'Admin') throw new ValidationError('The Admin role has every right already; grant other roles.');
}

/** Adds rights (and triggerable actions) of a role on a collection; what it had stays. */
export async function grantCollectionRights(context: AppContext, input: GrantInput): Promise<void> {
  refuseAdmin(input.role);
  if (input.rights.length === 0 && input.actions.length === 0)
    throw new ValidationError('Name rights or actions to grant.');
  const environment = await findEnvironment(context, input);
  const key = { environmentId: environment.id, role: input.role, collectionName: input.collection };
  const existing = await context.prisma.collectionPermission.findUnique({
    where: { environmentId_role_collectionName: key },
  });
  const rights = Object.fromEntries(input.rights.map((right) => [RIGHT_COLUMNS[right], true]));
  const actions = [...new Set([...(existing?.actions ?? []), ...input.actions])].sort();
  await context.prisma.collectionPermission.upsert({
    where: { environmentId_role_collectionName: key },
    create: { ...key, ...rights, actions },
    update: { ...rights, actions },
  });
  await logChange(context, environment, 'agent.permission.grant', {
    role: input.role,
    collection: input.collection,
    rights: input.rights,
    actions: input.actions,
  });
  await publishAgentEvent(context, environment.id, 'refresh-permissions');
}

/** Removes rights (and actions) of a role on a collection; the row goes once nothing is left. */
export async function revokeCollectionRights(context: AppContext, input: GrantInput): Promise<void> {
  refuseAdmin(input.role);
  if (input.rights.length === 0 && input.actions.length === 0)
    throw new ValidationError('Name rights or actions to revoke.');
  const environment = await findEnvironment(context, input);
  const key = { environmentId: environment.id, role: input.role, collectionName: input.collection };
  const existing = await context.prisma.collectionPermission.findUnique({
    where: { environmentId_role_collectionName: key },
  });
  if (existing) {
    const rights = Object.fromEntries(input.rights.map((right) => [RIGHT_COLUMNS[right], false]));
    const updated = await context.prisma.collectionPermission.update({
      where: { environmentId_role_collectionName: key },
      data: { ...rights, actions: existing.actions.filter((action) => !input.actions.includes(action)) },
    });
    const hasAny = Object.values(RIGHT_COLUMNS).some((column) => updated[column]) || updated.actions.length > 0;
    if (!hasAny)
      await context.prisma.collectionPermission.delete({ where: { environmentId_role_collectionName: key } });
  }
  await logChange(context, environment, 'agent.permission.revoke', {
    role: input.role,
    collection: input.collection,
    rights: input.rights,
    actions: input.actions,
  });
  await publishAgentEvent(context, environment.id, 'refresh-permissions');
}

/** Allows or denies charts to a role in an environment. */
export async function setChartsRight(context: AppContext, input: z.output<typeof chartsSchema>): Promise<void> {
  refuseAdmin(input.role);
  const environment = await findEnvironment(context, input);
  const key = { environmentId: environment.id, role: input.role };
  await context.prisma.rolePermission.upsert({
    where: { environmentId_role: key },
    create: { ...key, charts: input.allowed },
    update: { charts: input.allowed },
  });
  await logChange(context, environment, 'agent.permission.charts', { role: input.role, allowed: input.allowed });
  await publishAgentEvent(context, environment.id, 'refresh-permissions');
}

async function findRendering(context: AppContext, environment: Environment & { project: Project }, teamName: string) {
  const rendering = await context.prisma.rendering.findFirst({
    where: { environmentId: environment.id, team: { name: teamName } },
  });
  if (!rendering) {
    throw new NotFoundError(
      `Project ${environment.project.name} has no team named "${teamName}" rendering ${environment.name}.`,
    );
  }
  return rendering;
}

/** Sets a team's scope on a collection (replacing the previous one). */
export async function setScope(context: AppContext, input: z.output<typeof scopeSchema>): Promise<void> {
  const environment = await findEnvironment(context, input);
  const rendering = await findRendering(context, environment, input.team);
  const key = { renderingId: rendering.id, collectionName: input.collection };
  const condition = input.condition as unknown as Prisma.InputJsonObject;
  await context.prisma.renderingScope.upsert({
    where: { renderingId_collectionName: key },
    create: { ...key, condition },
    update: { condition },
  });
  await logChange(context, environment, 'agent.scope.set', {
    team: input.team,
    collection: input.collection,
    condition: input.condition,
  });
  await publishAgentEvent(context, environment.id, 'refresh-renderings');
}

/** Removes a team's scope on a collection: the team then sees every record. */
export async function clearScope(context: AppContext, input: z.output<typeof clearScopeSchema>): Promise<void> {
  const environment = await findEnvironment(context, input);
  const rendering = await findRendering(context, environment, input.team);
  await context.prisma.renderingScope.deleteMany({
    where: { renderingId: rendering.id, collectionName: input.collection },
  });
  await logChange(context, environment, 'agent.scope.clear', { team: input.team, collection: input.collection });
  await publishAgentEvent(context, environment.id, 'refresh-renderings');
}

/** Sets the URL the environment's agent is reached at (sign-in redirects must lie under it). */
export async function setAgentUrl(
  context: AppContext,
  target: Target,
  url: z.output<typeof agentUrlSchema>,
): Promise<void> {
  const environment = await findEnvironment(context, target);
  await context.prisma.environment.update({ where: { id: environment.id }, data: { agentUrl: url } });
  await logChange(context, environment, 'environment.set_agent_url', { agentUrl: url });
}

/** Replaces a member's tags in a project; the agents of every environment refresh their users. */
export async function setMemberTags(context: AppContext, input: z.output<typeof memberTagsSchema>): Promise<void> {
  const project = await findProjectByName(context, input.project, input.organization);
  const membership = await context.prisma.projectMembership.findFirst({
    where: { projectId: project.id, user: { email: input.email } },
  });
  if (!membership) throw new NotFoundError(`${input.email} is not a member of project ${project.name}.`);
  await context.prisma.projectMembership.update({ where: { id: membership.id }, data: { tags: input.tags } });
  await recordAdminLog(context, {
    organizationId: project.organizationId,
    projectId: project.id,
    action: 'member.set_tags',
    targetType: 'user',
    targetId: membership.userId,
    details: { email: input.email, tags: input.tags },
  });
  const environments = await context.prisma.environment.findMany({ where: { projectId: project.id } });
  for (const environment of environments) await publishAgentEvent(context, environment.id, 'refresh-users');
}

/** Adds a no-code action (experimental). ConflictError-free: a same-named action is replaced. */
export async function addNoCodeAction(context: AppContext, input: z.output<typeof addActionSchema>): Promise<void> {
  const environment = await findEnvironment(context, input);
  const { collection, name } = input.definition;
  const key = { environmentId: environment.id, collectionName: collection, name };
  const definition = input.definition as Prisma.InputJsonObject;
  await context.prisma.noCodeAction.upsert({
    where: { environmentId_collectionName_name: key },
    create: { ...key, definition },
    update: { definition },
  });
  await logChange(context, environment, 'agent.action.add', { definition: input.definition });
  await publishAgentEvent(context, environment.id, 'refresh-customizations');
}

/** Removes a no-code action; NotFoundError when there is none of that name. */
export async function removeNoCodeAction(
  context: AppContext,
  input: z.output<typeof removeActionSchema>,
): Promise<void> {
  const environment = await findEnvironment(context, input);
  const removed = await context.prisma.noCodeAction.deleteMany({
    where: { environmentId: environment.id, collectionName: input.collection, name: input.name },
  });
  if (removed.count === 0)
    throw new NotFoundError(`No action "${input.name}" on ${input.collection} in ${environment.name}.`);
  await logChange(context, environment, 'agent.action.remove', { collection: input.collection, name: input.name });
  await publishAgentEvent(context, environment.id, 'refresh-customizations');
}
