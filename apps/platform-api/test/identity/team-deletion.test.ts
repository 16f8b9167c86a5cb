import { AUTHORIZE_PATH, EVENTS_PATH, SECRET_HEADER } from '@platform/platform-contract';
import { openEventStream } from '@platform/platform-contract/testing';
import type { Team } from '../../src/generated/prisma/client';
import { createSession } from '../../src/identity/sessions-service';
import { type AgentPlatform, startAgentPlatform } from '../agents/agent-platform';
import { seedNote } from '../factories/note-factory';
import { issueToken } from '../factories/token-factory';
import { seedUser } from '../factories/user-factory';
import { seedWorkflow } from '../factories/workflow-factory';
import { runCliInContext } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';

/** `teams delete` while the server serves: what it refuses, and what goes and what stays with --force. */
describeEachDatabase('deleting a team', (kind) => {
  let platform: AgentPlatform;

  const cli = (...argv: string[]) => runCliInContext(platform.context, argv);
  const deleteTeam = (team: Team, ...extra: string[]) =>
    cli('teams', 'delete', '--project', platform.world.project.name, '--name', team.name, ...extra);
  /** A team rendering the environment, with an Editor in it, a workflow with a run, and a note shared with it. */
  const seedBusyTeam = async (name: string) => {
    const { context, world } = platform;
    const team = await context.prisma.team.create({ data: { projectId: world.project.id, name } });
    const member = await seedUser(context, { project: world.project, role: 'Editor' });
    await context.prisma.teamMembership.create({ data: { teamId: team.id, userId: member.id } });
    const { workflow, path } = await seedWorkflow(context, { environment: world.environment, team });
    const token = await issueToken(context, world.project, member);
    const bearer = { Authorization: `Bearer ${token.value}`, 'Content-Type': 'application/json' };
    const started = await fetch(`${platform.serverUrl}${path}`, {
      method: 'POST',
      headers: bearer,
      body: '{"record_id":"3"}',
    });
    expect(started.status).toBe(202);
    const note = await seedNote(context, { environment: world.environment, user: member, team });
    return { team, member, workflow, path, bearer, note };
  };

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
  });
  afterAll(() => platform.close());

  test('a team with members or workflows is refused, saying what to do, and stays whole', async () => {
    const { team, workflow } = await seedBusyTeam('Refused');

    const refused = await deleteTeam(team);

    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toBe(
      'error: Team Refused has 1 member and 1 workflow: take them out (teams remove-member) and delete its ' +
        'workflows (workflows delete) first, or force the deletion (--force in the CLI), which deletes its ' +
        'workflows and their runs; its members stay in the project.\n',
    );
    const { prisma } = platform.context;
    expect(await prisma.team.count({ where: { id: team.id } })).toBe(1);
    expect(await prisma.workflowRun.count({ where: { workflowId: workflow.id } })).toBe(1);
  });

  test('--force deletes its renderings, workflows and runs: the webhook answers 404; members and notes stay', async () => {
    const { team, member, workflow, path, bearer, note } = await seedBusyTeam('Forced');

    const deleted = await deleteTeam(team, '--force', '--json');

    expect(deleted.exitCode).toBe(0);
    expect(deleted.json()).toEqual({
      deleted: { id: team.id, name: 'Forced', members: [member.email], workflows: [workflow.name], runs: 1 },
    });
    const hook = await fetch(`${platform.serverUrl}${path}`, {
      method: 'POST',
      headers: bearer,
      body: '{"record_id":"4"}',
    });
    expect(hook.status).toBe(404);
    const { prisma } = platform.context;
    expect(await prisma.rendering.count({ where: { teamId: team.id } })).toBe(0);
    expect(await prisma.workflowRun.count({ where: { workflowId: workflow.id } })).toBe(0);
    expect(await prisma.projectMembership.count({ where: { userId: member.id } })).toBe(1);
    expect(await prisma.note.findUnique({ where: { id: note.id } })).toMatchObject({ teamId: null });
  });

  test("a member's session no longer signs in to an environment only that team rendered", async () => {
    const { team, member } = await seedBusyTeam('Sign-in');
    const session = await createSession(platform.context, { userId: member.id, isSso: false });
    const authorize = () =>
      fetch(
        `${platform.serverUrl}${AUTHORIZE_PATH}?${new URLSearchParams({
          environmentId: String(platform.world.environment.id),
          redirectUri: `${platform.agentUrl}/platform/authentication/callback`,
          state: 's',
        })}`,
        { headers: { Cookie: `platform_session=${session.token}` }, redirect: 'manual' },
      );
    expect((await authorize()).status).toBe(303);

    await deleteTeam(team, '--force');

    expect((await authorize()).status).toBe(403);
  });

  test('an empty team is deleted without --force; agents refresh renderings and users; it is logged', async () => {
    const { context, world } = platform;
    const team = await context.prisma.team.create({ data: { projectId: world.project.id, name: 'Empty' } });
    await context.prisma.rendering.create({ data: { environmentId: world.environment.id, teamId: team.id } });
    const stream = await openEventStream(`${platform.serverUrl}${EVENTS_PATH}`, {
      [SECRET_HEADER]: platform.envSecret,
    });
    try {
      const deleted = await deleteTeam(team);

      expect(deleted).toMatchObject({ exitCode: 0, stdout: `Deleted team Empty of project ${world.project.name}.\n` });
      await expect(stream.waitFor(/event: refresh-renderings[\s\S]*event: refresh-users/)).resolves.toBeDefined();
    } finally {
      stream.close();
    }
    const entry = await context.prisma.adminLog.findFirst({
      where: { action: 'team.delete', targetId: String(team.id) },
    });
    expect(entry?.details).toEqual({ name: 'Empty', members: [], workflows: [], runs: 0, force: false });
  });

  test.each([
    ['an unknown team', ['--name', 'Nobody'], 1, /^error: Project .+ has no team named "Nobody"\.\n$/],
    ['a missing --name', [], 2, /required option '--name <team>' not specified/],
  ])('refuses %s', async (_name, extra, exitCode, message) => {
    const run = await cli('teams', 'delete', '--project', platform.world.project.name, ...extra);

    expect(run.exitCode).toBe(exitCode);
    expect(run.stderr).toMatch(message);
  });
});
