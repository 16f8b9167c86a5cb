import { publishAgentEvent } from '../agent-events/agent-events';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';

export interface DeletedTeam {
  readonly id: number;
  readonly name: string;
  /** Emails of the members it had (they stay in the project). */
  readonly members: readonly string[];
  /** Names of the workflows deleted with it. */
  readonly workflows: readonly string[];
  /** Runs of those workflows deleted with them. */
  readonly runs: number;
}

export interface DeleteTeamOptions {
  /** Delete it even with members or workflows: the members leave it, the workflows and runs go. */
  readonly force?: boolean;
}

const counted = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;

/**
 * Deletes a team with what is its own: its renderings of the environments, their scopes, and their
 * workflows with webhook triggers and runs (as `workflows delete` does). Its members stay in the
 * project; notes shared with the team stay, shared with no team. ConflictError while the team has
 * members or workflows, unless `force`. The agents of its environments refresh their renderings and
 * users. Logged `team.delete`.
 */
export async function deleteTeam(
  context: AppContext,
  teamId: number,
  { force = false }: DeleteTeamOptions = {},
): Promise<DeletedTeam> {
  const deleted = await context.prisma.$transaction(async (tx) => {
    // Locked, so that what is counted is what is deleted.
    const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Team" WHERE id = ${teamId} FOR UPDATE`;
    if (!locked) throw new NotFoundError(`No team with id ${teamId}.`);
    const team = await tx.team.findUniqueOrThrow({
      where: { id: teamId },
      include: {
        project: true,
        members: { select: { user: { select: { email: true } } }, orderBy: { user: { email: 'asc' } } },
        renderings: {
          select: { environmentId: true, workflows: { select: { name: true }, orderBy: { name: 'asc' } } },
        },
      },
    });
    const members = team.members.map((member) => member.user.email);
    const workflows = team.renderings.flatMap((rendering) => rendering.workflows.map((workflow) => workflow.name));
    if (!force && (members.length > 0 || workflows.length > 0)) {
      throw new ConflictError(
        `Team ${team.name} has ${counted(members.length, 'member')} and ${counted(workflows.length, 'workflow')}: ` +
          'take them out (teams remove-member) and delete its workflows (workflows delete) first, or force the ' +
          'deletion (--force in the CLI), which deletes its workflows and their runs; its members stay in the project.',
      );
    }
    const runs = await tx.workflowRun.count({ where: { workflow: { rendering: { teamId } } } });
    await tx.team.delete({ where: { id: teamId } });
    return { team, members, workflows, runs };
  });

  const { team, members, workflows, runs } = deleted;
  await recordAdminLog(context, {
    organizationId: team.project.organizationId,
    projectId: team.projectId,
    action: 'team.delete',
    targetType: 'team',
    targetId: team.id,
    details: { name: team.name, members, workflows, runs, force },
  });
  for (const { environmentId } of team.renderings) {
    await publishAgentEvent(context, environmentId, 'refresh-renderings');
    await publishAgentEvent(context, environmentId, 'refresh-users');
  }
  return { id: team.id, name: team.name, members, workflows, runs };
}
