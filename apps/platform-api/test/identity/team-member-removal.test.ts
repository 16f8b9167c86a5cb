import { AUTHORIZE_PATH, EVENTS_PATH, SECRET_HEADER } from '@platform/platform-contract';
import { openEventStream } from '@platform/platform-contract/testing';
import { createSession } from '../../src/identity/sessions-service';
import { TOKEN_ACCESS_MESSAGES } from '../../src/workflows/workflow-token-access';
import { type AgentPlatform, startAgentPlatform } from '../agents/agent-platform';
import { issueToken } from '../factories/token-factory';
import { seedUser } from '../factories/user-factory';
import { seedWorkflow } from '../factories/workflow-factory';
import { runCliInContext } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';

/**
 * `teams remove-member` while the server serves, over its real socket: what the team gave the
 * member answered before the command and stops right after it; the project's membership stays.
 */
describeEachDatabase('removing a member from a team', (kind) => {
  let platform: AgentPlatform;

  const cli = (...argv: string[]) => runCliInContext(platform.context, argv);
  const removeFromTeam = (email: string) =>
    cli('teams', 'remove-member', '--project', platform.world.project.name, '--team', 'Support', '--email', email);
  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${platform.serverUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      redirect: 'manual',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const authorizePath = () =>
    `${AUTHORIZE_PATH}?${new URLSearchParams({
      environmentId: String(platform.world.environment.id),
      redirectUri: `${platform.agentUrl}/platform/authentication/callback`,
      state: 'state-1',
    })}`;
  /** An Editor in team Support, with a read-write token and a session. */
  const seedSupportMember = async () => {
    const { context, world } = platform;
    const user = await seedUser(context, { project: world.project, role: 'Editor' });
    await context.prisma.teamMembership.create({ data: { teamId: world.team.id, userId: user.id } });
    const token = await issueToken(context, world.project, user);
    const session = await createSession(context, { userId: user.id, isSso: false });
    return { user, bearer: { Authorization: `Bearer ${token.value}` }, cookie: `platform_session=${session.token}` };
  };

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
  });
  afterAll(() => platform.close());

  test("the team's workflow webhook, which answered 202 to the member's token, answers 403 right after", async () => {
    const { user, bearer } = await seedSupportMember();
    const { path } = await seedWorkflow(platform.context, {
      environment: platform.world.environment,
      team: platform.world.team,
    });
    const started = await call('POST', path, bearer, { record_id: '1' });
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    expect((await call('GET', `/v1/workflow-runs/${runId}`, bearer)).status).toBe(200);

    const removed = await removeFromTeam(user.email);

    expect(removed).toMatchObject({ exitCode: 0, stdout: `${user.email} is no longer in team Support.\n` });
    const after = await call('POST', path, bearer, { record_id: '2' });
    expect(after.status).toBe(403);
    expect(await after.json()).toEqual({ error: 'Forbidden', message: TOKEN_ACCESS_MESSAGES['not-in-team'] });
    expect((await call('GET', `/v1/workflow-runs/${runId}`, bearer)).status).toBe(404);
  });

  test("their session, which signed in to the team's environment, gets the 403 page right after", async () => {
    const { user, cookie } = await seedSupportMember();
    const before = await call('GET', authorizePath(), { Cookie: cookie });
    expect(before.status).toBe(303);
    expect(before.headers.get('location')).toContain('code=');

    await removeFromTeam(user.email);

    const after = await call('GET', authorizePath(), { Cookie: cookie });
    expect(after.status).toBe(403);
    expect(after.headers.get('location')).toBeNull();
  });

  test('they stay a member of the project, their token unrevoked, and the removal is logged', async () => {
    const { user } = await seedSupportMember();

    await removeFromTeam(user.email);

    const { prisma } = platform.context;
    const projectId = platform.world.project.id;
    expect(await prisma.projectMembership.count({ where: { projectId, userId: user.id } })).toBe(1);
    expect(await prisma.applicationToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(1);
    const entry = await prisma.adminLog.findFirst({
      where: { action: 'team.remove_member', details: { equals: { email: user.email } } },
    });
    expect(entry).toMatchObject({ projectId, targetType: 'team', targetId: String(platform.world.team.id) });
  });

  test("the agents of the team's environments are told to refresh their users", async () => {
    const { user } = await seedSupportMember();
    const stream = await openEventStream(`${platform.serverUrl}${EVENTS_PATH}`, {
      [SECRET_HEADER]: platform.envSecret,
    });
    try {
      await removeFromTeam(user.email);

      await expect(stream.waitFor(/event: refresh-users/)).resolves.toBeDefined();
    } finally {
      stream.close();
    }
  });
});
