import { AUTHORIZE_PATH, EVENTS_PATH, SECRET_HEADER } from '@platform/platform-contract';
import { openEventStream } from '@platform/platform-contract/testing';
import type { User } from '../../src/generated/prisma/client';
import { createSession } from '../../src/identity/sessions-service';
import { type AgentPlatform, startAgentPlatform } from '../agents/agent-platform';
import { issueToken } from '../factories/token-factory';
import { seedUser } from '../factories/user-factory';
import { runCliInContext } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';

/**
 * `users remove` while the server serves, over its real socket: what the removed member held in the
 * project answered before the command and stops right after it.
 */
describeEachDatabase('removing a member from a project', (kind) => {
  let platform: AgentPlatform;

  const cli = (...argv: string[]) => runCliInContext(platform.context, argv);
  const remove = (user: User) =>
    cli('users', 'remove', '--project', platform.world.project.name, '--email', user.email);
  const get = (path: string, headers: Record<string, string>) =>
    fetch(`${platform.serverUrl}${path}`, { headers, redirect: 'manual' });
  const notesPath = () => `/v1/project/${platform.world.project.name}/environment/production/notes`;
  const authorizePath = () =>
    `${AUTHORIZE_PATH}?${new URLSearchParams({
      environmentId: String(platform.world.environment.id),
      redirectUri: `${platform.agentUrl}/platform/authentication/callback`,
      state: 'state-1',
    })}`;
  /** An Admin of the project in its team: their token reads its notes, their session signs in to its agent. */
  const seedTeamAdmin = async () => {
    const user = await seedUser(platform.context, { project: platform.world.project, role: 'Admin' });
    await platform.context.prisma.teamMembership.create({ data: { teamId: platform.world.team.id, userId: user.id } });
    const token = await issueToken(platform.context, platform.world.project, user);
    const session = await createSession(platform.context, { userId: user.id, isSso: false });
    return { user, token, cookie: `platform_session=${session.token}` };
  };

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
  });
  afterAll(() => platform.close());

  test("the member's application token, which answered 200, answers 401 right after", async () => {
    const { user, token } = await seedTeamAdmin();
    const bearer = { Authorization: `Bearer ${token.value}` };
    expect((await get(notesPath(), bearer)).status).toBe(200);

    const removed = await remove(user);

    expect(removed.exitCode).toBe(0);
    const after = await get(notesPath(), bearer);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: 'Unauthorized' });
  });

  test('their session, which signed in to the agent, gets the 403 page right after, and no project', async () => {
    const { user, cookie } = await seedTeamAdmin();
    const tokensPath = `/api/projects/${platform.world.project.name}/tokens`;
    const before = await get(authorizePath(), { Cookie: cookie });
    expect(before.status).toBe(303);
    expect(before.headers.get('location')).toContain('code=');
    expect((await get(tokensPath, { Cookie: cookie })).status).toBe(200);

    await remove(user);

    const after = await get(authorizePath(), { Cookie: cookie });
    expect(after.status).toBe(403);
    expect(after.headers.get('location')).toBeNull();
    expect((await get(tokensPath, { Cookie: cookie })).status).toBe(404);
    const me = await get('/me', { Cookie: cookie });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { projects: unknown[] }).projects).toEqual([]);
  });

  test("the agents of the project's environments are told to refresh their users", async () => {
    const { user } = await seedTeamAdmin();
    const stream = await openEventStream(`${platform.serverUrl}${EVENTS_PATH}`, {
      [SECRET_HEADER]: platform.envSecret,
    });
    try {
      await remove(user);

      await expect(stream.waitFor(/event: refresh-users/)).resolves.toBeDefined();
    } finally {
      stream.close();
    }
  });

  test('their MCP grant on an environment of the project is revoked', async () => {
    const { user } = await seedTeamAdmin();
    const { prisma } = platform.context;
    const client = await prisma.mcpClient.create({
      data: { id: `mcp_${user.id}`, name: 'Claude', redirectUris: ['https://claude.ai/cb'], scopes: ['mcp:read'] },
    });
    const grant = await prisma.mcpGrant.create({
      data: {
        clientId: client.id,
        userId: user.id,
        environmentId: platform.world.environment.id,
        scopes: ['mcp:read'],
        role: 'Admin',
        consentedAt: new Date(),
      },
    });

    const removed = await cli(
      'users',
      'remove',
      '--project',
      platform.world.project.name,
      '--email',
      user.email,
      '--json',
    );

    expect(removed.json()).toMatchObject({ removed: { revokedMcpGrantIds: [grant.id] } });
    expect(await prisma.mcpGrant.findUnique({ where: { id: grant.id } })).toMatchObject({
      isActive: null,
      revokedReason: 'operator',
      revokedAt: expect.any(Date),
    });
  });

  test('adding the member back does not revive their revoked token', async () => {
    const { user, token } = await seedTeamAdmin();
    await remove(user);

    const added = await cli(
      ...['users', 'add', '--project', platform.world.project.name, '--email', user.email, '--role', 'Admin'],
      ...['--first-name', 'Ada', '--last-name', 'Lovelace'],
    );

    expect(added.exitCode).toBe(0);
    expect((await get(notesPath(), { Authorization: `Bearer ${token.value}` })).status).toBe(401);
  });

  test('the admin log has the removal, with the teams left and the tokens revoked, and each revocation', async () => {
    const { user, token } = await seedTeamAdmin();

    const removed = await cli(
      'users',
      'remove',
      '--project',
      platform.world.project.name,
      '--email',
      user.email,
      '--json',
    );

    expect(removed.json()).toEqual({
      removed: {
        userId: user.id,
        email: user.email,
        role: 'Admin',
        teams: ['Support'],
        revokedTokenIds: [token.id],
        revokedMcpGrantIds: [],
      },
    });
    const entries = await platform.context.prisma.adminLog.findMany({
      where: { projectId: platform.world.project.id, action: { in: ['user.remove_from_project', 'token.revoke'] } },
      orderBy: { id: 'asc' },
    });
    const mine = entries.filter((entry) => JSON.stringify(entry.details).includes(user.email));
    expect(mine.map((entry) => [entry.action, entry.targetId])).toEqual([
      ['token.revoke', String(token.id)],
      ['user.remove_from_project', String(user.id)],
    ]);
    expect(mine[0]?.details).toMatchObject({ ownerEmail: user.email, reason: 'member_removed', source: 'cli' });
    expect(mine[1]?.details).toMatchObject({ role: 'Admin', teams: ['Support'], revokedTokenIds: [token.id] });
  });
});
