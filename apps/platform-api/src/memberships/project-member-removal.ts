import { publishAgentEvent } from '../agent-events/agent-events';
import { TOKEN_ADMIN_LOG_ACTIONS, TOKEN_TARGET_TYPE } from '../audit/admin-log-entry';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import { NotFoundError } from '../errors';
import type { Role } from '../generated/prisma/client';
import { findUserByEmail } from '../identity/users-service';
import { revokeGrants } from '../mcp-auth/mcp-grants-service';
import type { OperationSource } from '../tokens/tokens-service';

export interface RemovedProjectMember {
  readonly userId: number;
  readonly email: string;
  /** Their role in the project until now. */
  readonly role: Role;
  /** The teams of the project they were in, by name. */
  readonly teams: readonly string[];
  /** Ids of their application tokens of the project revoked now. */
  readonly revokedTokenIds: readonly number[];
  /** Ids of their MCP grants on the project's environments revoked now. */
  readonly revokedMcpGrantIds: readonly number[];
}

/**
 * Removes a user from a project, and so from its teams. Whatever they held there stops at once:
 * their application tokens of the project are revoked (each logged `token.revoke`, so that adding
 * them back does not revive a token), their MCP grants on its environments too, and the agents of
 * its environments are told to refresh their users (`refresh-users`), which drops them. Their
 * sessions stay, since a session serves all of a user's projects, but each route reads the
 * membership afresh: the project is gone from their session at once. Logged
 * `user.remove_from_project`. NotFoundError for an unknown email or a user not in the project.
 */
export async function removeUserFromProject(
  context: AppContext,
  { projectId, email }: { readonly projectId: number; readonly email: string },
  { source }: { readonly source: OperationSource },
): Promise<RemovedProjectMember> {
  const project = await context.prisma.project.findUnique({ where: { id: projectId } });
  if (!project) throw new NotFoundError(`No project with id ${projectId}.`);
  const user = await findUserByEmail(context, email);
  if (!user) throw new NotFoundError(`No user with email ${email.trim().toLowerCase()}.`);
  const notMember = new NotFoundError(`${user.email} is not a member of project ${project.name}.`);

  const removed = await context.prisma.$transaction(async (tx) => {
    // Locked first: a token being created waits for this removal, then finds no membership.
    const [locked] = await tx.$queryRaw<{ role: Role }[]>`
      SELECT role FROM "ProjectMembership" WHERE "projectId" = ${projectId} AND "userId" = ${user.id} FOR UPDATE`;
    if (!locked) throw notMember;
    const teams = await tx.teamMembership.findMany({
      where: { userId: user.id, team: { projectId } },
      select: { team: { select: { name: true } } },
      orderBy: { team: { name: 'asc' } },
    });
    await tx.teamMembership.deleteMany({ where: { userId: user.id, team: { projectId } } });
    const tokens = await tx.applicationToken.updateManyAndReturn({
      where: { projectId, userId: user.id, revokedAt: null },
      data: { revokedAt: context.now() },
      select: { id: true, name: true },
    });
    await tx.projectMembership.delete({ where: { projectId_userId: { projectId, userId: user.id } } });
    return { role: locked.role, teams: teams.map((membership) => membership.team.name), tokens };
  });

  const revokedMcpGrantIds = await revokeGrants(context, { userId: user.id, environment: { projectId } }, 'operator');
  const logged = { organizationId: project.organizationId, projectId };
  for (const token of removed.tokens) {
    await recordAdminLog(context, {
      ...logged,
      action: TOKEN_ADMIN_LOG_ACTIONS.revoke,
      targetType: TOKEN_TARGET_TYPE,
      targetId: token.id,
      details: { name: token.name, ownerEmail: user.email, source, reason: 'member_removed' },
    });
  }
  const revokedTokenIds = removed.tokens.map((token) => token.id);
  await recordAdminLog(context, {
    ...logged,
    action: 'user.remove_from_project',
    targetType: 'user',
    targetId: user.id,
    details: {
      email: user.email,
      role: removed.role,
      teams: removed.teams,
      revokedTokenIds,
      revokedMcpGrantIds,
      source,
    },
  });
  const environments = await context.prisma.environment.findMany({ where: { projectId }, select: { id: true } });
  for (const environment of environments) await publishAgentEvent(context, environment.id, 'refresh-users');
  return {
    userId: user.id,
    email: user.email,
    role: removed.role,
    teams: removed.teams,
    revokedTokenIds,
    revokedMcpGrantIds,
  };
}
