import { createHash } from 'node:crypto';
import { agentContract, type McpClientRegistrationResponse, mcpTokenResponseSchema } from '@platform/platform-contract';
import { revokeGrantByOperator } from '../../src/mcp-auth/mcp-grants-admin';
import { type AgentPlatform, startAgentPlatform } from '../agents/agent-platform';
import { setRole } from '../factories/user-factory';
import { describeEachDatabase } from '../helpers/test-context';
import {
  exchangeCode,
  obtainCode,
  refresh,
  registerClient,
  removeFromTeam,
  seedTeamMember,
  verifiedClaims,
} from './mcp-auth-client';
import { serveWithConfig } from './serve-with-config';

describeEachDatabase(`POST ${agentContract.mcpToken.path} (refresh_token)`, (kind) => {
  let platform: AgentPlatform;
  let client: McpClientRegistrationResponse;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
    client = await registerClient(platform, { scope: 'mcp:read mcp:write mcp:action' });
  });
  afterAll(() => platform.close());

  type Answer = { status: number; body: Record<string, unknown> };
  const expectRefusal = (answer: Answer, code: string, message?: string, status = 400) => {
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    if (message !== undefined) expect(answer.body.message).toContain(message);
  };
  /** Tokens of a fresh authorization, as the client holds them after the code exchange. */
  const authorize = async (options: { scope?: string; email?: string } = {}) => {
    const code = await obtainCode(platform, client, { scope: options.scope ?? 'mcp:read mcp:write', ...options });
    const answer = await exchangeCode(platform, client, code);
    return mcpTokenResponseSchema.parse(answer.body);
  };
  const grantOfRefreshToken = async (refreshToken: string) => {
    const stored = await platform.context.prisma.mcpRefreshToken.findUniqueOrThrow({
      where: { tokenHash: createHash('sha256').update(refreshToken).digest('hex') },
      include: { grant: true },
    });
    return stored.grant;
  };

  test('a refresh rotates the refresh token and issues a new access token', async () => {
    const tokens = await authorize();

    const answer = await refresh(platform, client, tokens.refresh_token);

    expect(answer.status).toBe(200);
    const refreshed = mcpTokenResponseSchema.parse(answer.body);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'mcp:read mcp:write' });
    expect(await verifiedClaims(platform, refreshed.access_token)).toMatchObject({
      purpose: 'mcp',
      scope: 'mcp:read mcp:write',
      email: platform.world.member.email,
    });
    expect((await refresh(platform, client, refreshed.refresh_token)).status).toBe(200);
  });

  test('a refresh token presented again revokes the whole grant: its successor stops too', async () => {
    const tokens = await authorize();
    const rotated = mcpTokenResponseSchema.parse((await refresh(platform, client, tokens.refresh_token)).body);

    const replay = await refresh(platform, client, tokens.refresh_token);
    const successor = await refresh(platform, client, rotated.refresh_token);

    expectRefusal(replay, 'invalid_grant', 'already used');
    expectRefusal(successor, 'invalid_grant', 'revoked');
    const grant = await grantOfRefreshToken(tokens.refresh_token);
    expect(grant).toMatchObject({ revokedReason: 'refresh_token_reuse', isActive: null });
    const entry = await platform.context.prisma.adminLog.findFirst({
      where: { action: 'mcp_grant.revoke', targetId: String(grant.id) },
    });
    expect(entry).toMatchObject({ projectId: platform.world.project.id, userEmail: null });
    expect(entry?.details).toMatchObject({ reason: 'refresh_token_reuse', userEmail: platform.world.member.email });
  });

  test('two concurrent refreshes with one token: one succeeds, and the grant is revoked', async () => {
    const tokens = await authorize();

    const answers = await Promise.all([1, 2, 3].map(() => refresh(platform, client, tokens.refresh_token)));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const grant = await grantOfRefreshToken(tokens.refresh_token);
    expect(grant.revokedReason).toBe('refresh_token_reuse');
  });

  test('a refresh may narrow the access token; the chain keeps its scopes', async () => {
    const tokens = await authorize({ scope: 'mcp:read mcp:write' });

    const narrowed = mcpTokenResponseSchema.parse(
      (await refresh(platform, client, tokens.refresh_token, { scope: 'mcp:read' })).body,
    );
    const next = mcpTokenResponseSchema.parse((await refresh(platform, client, narrowed.refresh_token)).body);

    expect(narrowed.scope).toBe('mcp:read');
    expect((await verifiedClaims(platform, narrowed.access_token)).scope).toBe('mcp:read');
    expect(next.scope).toBe('mcp:read mcp:write');
  });

  test.each([
    ['a scope beyond the grant', 'mcp:read mcp:action', 'not granted'],
    ['an unknown scope', 'mcp:read admin', 'unknown scope'],
  ])('refuses %s with invalid_scope, leaving the token usable', async (_label, scope, message) => {
    const tokens = await authorize({ scope: 'mcp:read mcp:write' });

    const refused = await refresh(platform, client, tokens.refresh_token, { scope });
    const after = await refresh(platform, client, tokens.refresh_token);

    expectRefusal(refused, 'invalid_scope', message);
    expect(after.status).toBe(200);
  });

  test('a grant an operator revoked stops its refresh token at once', async () => {
    const tokens = await authorize();
    const grant = await grantOfRefreshToken(tokens.refresh_token);

    await revokeGrantByOperator(platform.context, grant.id);
    const answer = await refresh(platform, client, tokens.refresh_token);

    expectRefusal(answer, 'invalid_grant', 'revoked');
  });

  test('a revoked client can no longer refresh', async () => {
    const revoked = await registerClient(platform);
    const code = await obtainCode(platform, revoked);
    const tokens = mcpTokenResponseSchema.parse((await exchangeCode(platform, revoked, code)).body);
    await platform.context.prisma.mcpClient.update({
      where: { id: revoked.client_id },
      data: { revokedAt: new Date() },
    });

    const answer = await refresh(platform, revoked, tokens.refresh_token);

    expectRefusal(answer, 'invalid_client', undefined, 401);
  });

  test('refuses a refresh token presented by another client', async () => {
    const tokens = await authorize();
    const other = await registerClient(platform);

    expectRefusal(await refresh(platform, other, tokens.refresh_token), 'invalid_grant', 'another client');
  });

  test('refuses an unknown refresh token, and one sent with another resource', async () => {
    const tokens = await authorize();

    const unknown = await refresh(platform, client, 'not-a-refresh-token');
    const otherResource = await refresh(platform, client, tokens.refresh_token, {
      resource: 'http://agent.example.test:3310/other',
    });

    expectRefusal(unknown, 'invalid_grant', 'not valid');
    expectRefusal(otherResource, 'invalid_grant', 'resource differs');
  });

  test('a user taken out of the team cannot refresh; back in the team, the same token works', async () => {
    const user = await seedTeamMember(platform);
    const tokens = await authorize({ email: user.email });
    await removeFromTeam(platform, user);

    const removed = await refresh(platform, client, tokens.refresh_token);
    await platform.context.prisma.teamMembership.create({ data: { teamId: platform.world.team.id, userId: user.id } });
    const back = await refresh(platform, client, tokens.refresh_token);

    expectRefusal(removed, 'invalid_grant', 'The user no longer has access to this environment.');
    expect(back.status).toBe(200);
  });

  test('a user whose role changed cannot refresh until they authorize again', async () => {
    const user = await seedTeamMember(platform, 'Editor');
    const tokens = await authorize({ email: user.email });
    await setRole(platform.context, platform.world.project, user, 'Developer');

    const answer = await refresh(platform, client, tokens.refresh_token);

    expectRefusal(answer, 'invalid_grant', 'role changed from Editor to Developer');
  });

  test('a user who left the project cannot refresh', async () => {
    const user = await seedTeamMember(platform);
    const tokens = await authorize({ email: user.email });
    await platform.context.prisma.projectMembership.deleteMany({ where: { userId: user.id } });

    expectRefusal(await refresh(platform, client, tokens.refresh_token), 'invalid_grant', 'no longer has access');
  });

  test('the access token lifetime follows PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS', async () => {
    const tokens = await authorize();
    const server = await serveWithConfig(platform, { PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS: 300 });
    try {
      const answer = await refresh({ ...platform, serverUrl: server.url }, client, tokens.refresh_token);

      const refreshed = mcpTokenResponseSchema.parse(answer.body);
      expect(refreshed.expires_in).toBe(300);
      const claims = await verifiedClaims(platform, refreshed.access_token);
      expect(claims.exp - claims.iat).toBe(300);
    } finally {
      await server.close();
    }
  });

  // Last: it moves the platform's clock by a month.
  test('a refresh token expires after PLATFORM_MCP_REFRESH_TOKEN_TTL_DAYS', async () => {
    const fresh = await authorize();
    const stale = await authorize();

    await platform.seed.advanceClock(30 * 24 * 3_600_000 - 60_000);
    const inTime = await refresh(platform, client, fresh.refresh_token);
    await platform.seed.advanceClock(60_000);
    const late = await refresh(platform, client, stale.refresh_token);

    expect(inTime.status).toBe(200);
    expectRefusal(late, 'invalid_grant', 'expired');
  });
});
