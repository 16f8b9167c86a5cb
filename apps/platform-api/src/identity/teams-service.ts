import { z } from 'zod';
import { publishAgentEvent } from '../agent-events/agent-events';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/unique-violation';
import { ConflictError, NotFoundError, parseOrThrow, ValidationError } from '../errors';
import type { Prisma, Project, Team } from '../generated/prisma/client';
import { emailSchema, resourceNameSchema } from './identity-schemas';

export interface TeamView {
  readonly id: number;
  readonly projectId: number;
  readonly name: string;
  /** Ids of the environments the team has a rendering of. */
  readonly environmentIds: readonly number[];
}

type Transaction = Prisma.TransactionClient;

const teamNameSchema = resourceNameSchema('team');

/**
 * Creates a team in `tx` with a rendering for each environment of the project. Meant for callers
 * that already run a transaction (organization setup); others use `addTeamToProject`.
 */
export async function createTeamInTransaction(tx: Transaction, projectId: number, name: string): Promise<TeamView> {
  const environments = await tx.environment.findMany({
    where: { projectId },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  const team = await tx.team.create({ data: { projectId, name } });
  await tx.rendering.createMany({
    data: environments.map((environment) => ({ environmentId: environment.id, teamId: team.id })),
  });
  return { id: team.id, projectId, name: team.name, environmentIds: environments.map((environment) => environment.id) };
}

/**
 * Adds a team to a project, with its renderings, and optionally its first members (by email, all
 * members of the project already), in one transaction. ConflictError when the name is taken in the
 * project; NotFoundError for unknown emails; ValidationError for users outside the project.
 */
export async function addTeamToProject(
  context: AppContext,
  {
    projectId,
    name,
    memberEmails = [],
  }: { readonly projectId: number; readonly name: string; readonly memberEmails?: readonly string[] },
): Promise<TeamView & { readonly memberEmails: readonly string[] }> {
  const teamName = parseOrThrow(teamNameSchema, name, 'name');
  const emails = [...new Set(parseOrThrow(z.array(emailSchema), memberEmails, 'members'))];
  const project = await context.prisma.project.findUnique({ where: { id: projectId } });
  if (!project) throw new NotFoundError(`No project with id ${projectId}.`);
  const members = await resolveMembers(context, project, emails);

  let team: TeamView;
  try {
    team = await context.prisma.$transaction(async (tx) => {
      const created = await createTeamInTransaction(tx, projectId, teamName);
      await tx.teamMembership.createMany({
        data: members.map((member) => ({ teamId: created.id, userId: member.id })),
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(`Project ${project.name} already has a team named ${teamName}.`);
    throw error;
  }
  await recordAdminLog(context, {
    organizationId: project.organizationId,
    projectId,
    action: 'team.create',
    targetType: 'team',
    targetId: team.id,
    details: { name: teamName, members: emails },
  });
  return { ...team, memberEmails: emails };
}

async function resolveMembers(
  context: AppContext,
  project: { readonly id: number; readonly name: string },
  emails: readonly string[],
): Promise<{ readonly id: number; readonly email: string }[]> {
  if (emails.length === 0) return [];
  const users = await context.prisma.user.findMany({
    where: { email: { in: [...emails] } },
    select: { id: true, email: true, memberships: { where: { projectId: project.id }, select: { id: true } } },
  });
  const unknown = emails.filter((email) => !users.some((user) => user.email === email));
  if (unknown.length > 0)
    throw new NotFoundError(`No user with email ${unknown.join(', ')}; add them to the project first.`);
  const outsiders = users.filter((user) => user.memberships.length === 0).map((user) => user.email);
  if (outsiders.length > 0) {
    throw new ValidationError(
      `${outsiders.join(', ')} not a member of project ${project.name}; add them to the project first.`,
    );
  }
  return users.map(({ id, email }) => ({ id, email }));
}

/**
 * Adds a user to a team. The user must be a member of the team's project (ValidationError
 * otherwise); ConflictError when they are in the team already.
 */
export async function addTeamMember(
  context: AppContext,
  { teamId, userId }: { readonly teamId: number; readonly userId: number },
): Promise<void> {
  const team = await context.prisma.team.findUnique({ where: { id: teamId }, include: { project: true } });
  if (!team) throw new NotFoundError(`No team with id ${teamId}.`);
  const membership = await context.prisma.projectMembership.findUnique({
    where: { projectId_userId: { projectId: team.projectId, userId } },
    include: { user: { select: { email: true } } },
  });
  if (!membership) {
    const user = await context.prisma.user.findUnique({ where: { id: userId }, select: { email: true } });
    throw new ValidationError(
      `${user?.email ?? `User ${userId}`} is not a member of project ${team.project.name}; add them to the project first.`,
    );
  }
  try {
    await context.prisma.teamMembership.create({ data: { teamId, userId } });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`${membership.user.email} is already in team ${team.name}.`);
    throw error;
  }
  await recordAdminLog(context, {
    organizationId: team.project.organizationId,
    projectId: team.projectId,
    action: 'team.add_member',
    targetType: 'team',
    targetId: teamId,
    details: { email: membership.user.email },
  });
  await publishRefreshUsers(context, teamId);
}

/** Tells the agents of every environment the team renders that their users changed. */
async function publishRefreshUsers(context: AppContext, teamId: number): Promise<void> {
  const renderings = await context.prisma.rendering.findMany({ where: { teamId }, select: { environmentId: true } });
  for (const { environmentId } of renderings) await publishAgentEvent(context, environmentId, 'refresh-users');
}

/** The team named `name` (case sensitive) of the project; NotFoundError otherwise. */
export async function findTeamByName(context: AppContext, project: Project, name: string): Promise<Team> {
  const team = await context.prisma.team.findUnique({ where: { projectId_name: { projectId: project.id, name } } });
  if (!team) throw new NotFoundError(`Project ${project.name} has no team named "${name}".`);
  return team;
}

/**
 * Takes a user out of a team; they stay in the project. What the team gave them stops at once:
 * the team's workflows refuse their tokens (403), an environment no other team of theirs renders
 * refuses them its agent sign-in and MCP tokens, and its agents are told to refresh their users.
 * NotFoundError for an unknown team, an unknown email or a user not in the team.
 */
export async function removeTeamMember(
  context: AppContext,
  { teamId, email }: { readonly teamId: number; readonly email: string },
): Promise<void> {
  const team = await context.prisma.team.findUnique({ where: { id: teamId }, include: { project: true } });
  if (!team) throw new NotFoundError(`No team with id ${teamId}.`);
  const user = await context.prisma.user.findUnique({ where: { email: parseOrThrow(emailSchema, email, 'email') } });
  if (!user) throw new NotFoundError(`No user with email ${email.trim().toLowerCase()}.`);
  const { count } = await context.prisma.teamMembership.deleteMany({ where: { teamId, userId: user.id } });
  if (count === 0)
    throw new NotFoundError(`${user.email} is not in team ${team.name} of project ${team.project.name}.`);
  await recordAdminLog(context, {
    organizationId: team.project.organizationId,
    projectId: team.projectId,
    action: 'team.remove_member',
    targetType: 'team',
    targetId: teamId,
    details: { email: user.email },
  });
  await publishRefreshUsers(context, teamId);
}
