import { createHash } from 'node:crypto';
import {
  agentContract,
  callAgentContract,
  type McpClientRegistrationResponse,
  mcpTokenResponseSchema,
} from '@platform/platform-contract';
import { type AgentPlatform, startAgentPlatform } from '../agents/agent-platform';
import { seedAgentWorld } from '../factories/agent-factory';
import { describeEachDatabase } from '../helpers/test-context';
import {
  exchangeCode,
  obtainCode,
  refresh,
  registerClient,
  removeFromTeam,
  requestToken,
  seedTeamMember,
  verifiedClaims,
} from './mcp-auth-client';

describeEachDatabase(`POST ${agentContract.mcpToken.path} (authorization_code)`, (kind) => {
  let platform: AgentPlatform;
  let client: McpClientRegistrationResponse;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
    client = await registerClient(platform, { scope: 'mcp:read mcp:write mcp:action' });
  });
  afterAll(() => platform.close());

  const expectRefusal = (
    answer: { status: number; body: Record<string, unknown> },
    code: string,
    message?: string,
    status = 400,
  ) => {
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(typeof answer.body.message).toBe('string');
    if (message !== undefined) expect(answer.body.message).toContain(message);
  };
  const grantOfCode = async (code: string) => {
    const stored = await platform.context.prisma.mcpAuthorizationCode.findUniqueOrThrow({
      where: { codeHash: createHash('sha256').update(code).digest('hex') },
      include: { grant: true },
    });
    return stored.grant;
  };

  test('exchanges a code for an mcp access token carrying the scope, and a refresh token', async () => {
    const code = await obtainCode(platform, client, { scope: 'mcp:read mcp:write' });

    const answer = await exchangeCode(platform, client, code);

    expect(answer.status).toBe(200);
    const tokens = mcpTokenResponseSchema.parse(answer.body);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'mcp:read mcp:write' });
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = await verifiedClaims(platform, tokens.access_token);
    expect(claims).toMatchObject({
      purpose: 'mcp',
      scope: 'mcp:read mcp:write',
      email: platform.world.member.email,
      role: 'Editor',
      team: platform.world.team.name,
      environmentId: platform.world.environment.id,
    });
    expect(claims.exp - claims.iat).toBe(900);
  });

  test('a code works once: a second exchange is refused and revokes the grant with its tokens', async () => {
    const code = await obtainCode(platform, client);
    const first = await exchangeCode(platform, client, code);

    const second = await exchangeCode(platform, client, code);
    const refreshAfter = await refresh(platform, client, String(first.body.refresh_token));

    expect(first.status).toBe(200);
    expectRefusal(second, 'invalid_grant', 'already used');
    expectRefusal(refreshAfter, 'invalid_grant', 'revoked');
    const grant = await grantOfCode(code.code);
    expect(grant).toMatchObject({ revokedReason: 'code_reuse', isActive: null });
    const entry = await platform.context.prisma.adminLog.findFirst({
      where: { action: 'mcp_grant.revoke', targetId: String(grant.id) },
    });
    expect(entry?.details).toMatchObject({ reason: 'code_reuse', clientId: client.client_id });
  });

  test('two concurrent exchanges of one code yield exactly one token', async () => {
    const code = await obtainCode(platform, client);

    const answers = await Promise.all(Array.from({ length: 5 }, () => exchangeCode(platform, client, code)));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200))
      expectRefusal(answer, 'invalid_grant');
    const grant = await grantOfCode(code.code);
    expect(await platform.context.prisma.mcpRefreshToken.count({ where: { grantId: grant.id } })).toBe(1);
  });

  test.each([
    ['a wrong PKCE verifier', { code_verifier: 'W'.repeat(43) }, 'code verifier'],
    ['another redirect URI', { redirect_uri: 'http://127.0.0.1:8765/other' }, 'redirect URI differs'],
    ['another resource', { resource: 'http://agent.example.test:3310/other/mcp' }, 'resource differs'],
  ])('refuses %s with invalid_grant, leaving the code usable', async (_label, overrides, message) => {
    const code = await obtainCode(platform, client);

    const refused = await exchangeCode(platform, client, code, overrides);
    const exchanged = await exchangeCode(platform, client, code);

    expectRefusal(refused, 'invalid_grant', message);
    expect(exchanged.status).toBe(200);
  });

  test('accepts a token request without resource', async () => {
    const code = await obtainCode(platform, client);

    const answer = await exchangeCode(platform, client, code, { resource: undefined });

    expect(answer.status).toBe(200);
  });

  test('refuses a code issued to another client', async () => {
    const other = await registerClient(platform);
    const code = await obtainCode(platform, client);

    const answer = await exchangeCode(platform, other, code);

    expectRefusal(answer, 'invalid_grant', 'another client');
  });

  test('refuses an unknown or revoked client with 401 invalid_client', async () => {
    const revoked = await registerClient(platform);
    const code = await obtainCode(platform, revoked);
    await platform.context.prisma.mcpClient.update({
      where: { id: revoked.client_id },
      data: { revokedAt: new Date() },
    });

    const unknown = await exchangeCode(platform, { ...client, client_id: 'mcp_unknown' }, code);
    const ofRevoked = await exchangeCode(platform, revoked, code);

    expectRefusal(unknown, 'invalid_client', 'mcp_unknown', 401);
    expectRefusal(ofRevoked, 'invalid_client', 'revoked', 401);
  });

  test("refuses a code on another environment's secret", async () => {
    const otherWorld = await seedAgentWorld(platform.context);
    const code = await obtainCode(platform, client);

    const answer = await exchangeCode(platform, client, code, {});
    const elsewhere = await requestToken(
      platform,
      {
        grant_type: 'authorization_code',
        code: code.code,
        code_verifier: code.verifier,
        redirect_uri: 'x',
        client_id: client.client_id,
      },
      otherWorld.envSecret,
    );

    expect(answer.status).toBe(200);
    expectRefusal(elsewhere, 'invalid_grant', 'not valid');
  });

  test('refuses an unknown code', async () => {
    const answer = await exchangeCode(platform, client, { code: 'not-a-code', verifier: 'V'.repeat(43) });

    expectRefusal(answer, 'invalid_grant', 'The code is not valid.');
  });

  test('a code works until its minute is over', async () => {
    const fresh = await obtainCode(platform, client);
    const stale = await obtainCode(platform, client);

    await platform.seed.advanceClock(59_000);
    const inTime = await exchangeCode(platform, client, fresh);
    await platform.seed.advanceClock(1_000);
    const late = await exchangeCode(platform, client, stale);

    expect(inTime.status).toBe(200);
    expectRefusal(late, 'invalid_grant', 'expired');
  });

  test('refuses the code of a user who lost access to the environment since', async () => {
    const leaving = await seedTeamMember(platform);
    const code = await obtainCode(platform, client, { email: leaving.email });
    await removeFromTeam(platform, leaving);

    const answer = await exchangeCode(platform, client, code);

    expectRefusal(answer, 'invalid_grant', 'The user no longer has access to this environment.');
  });

  test('refuses a code whose grant an operator revoked', async () => {
    const code = await obtainCode(platform, client);
    const grant = await grantOfCode(code.code);
    await platform.context.prisma.mcpGrant.update({
      where: { id: grant.id },
      data: { revokedAt: new Date(), isActive: null, revokedReason: 'operator' },
    });

    const answer = await exchangeCode(platform, client, code);

    expectRefusal(answer, 'invalid_grant', 'revoked');
  });

  test('writes an mcp_grant.exchange_code admin-log entry for the user', async () => {
    const code = await obtainCode(platform, client);
    const grant = await grantOfCode(code.code);

    await exchangeCode(platform, client, code);

    const entry = await platform.context.prisma.adminLog.findFirst({
      where: { action: 'mcp_grant.exchange_code', targetId: String(grant.id) },
      orderBy: { id: 'desc' },
    });
    expect(entry).toMatchObject({ userEmail: platform.world.member.email, projectId: platform.world.project.id });
  });

  test.each([
    ['an unsupported grant type', { grant_type: 'client_credentials', client_id: 'x' }, 'unsupported_grant_type'],
    [
      'a request without code_verifier',
      { grant_type: 'authorization_code', code: 'c', redirect_uri: 'r', client_id: 'x' },
      'invalid_request',
    ],
    [
      'a PKCE verifier too short',
      { grant_type: 'authorization_code', code: 'c', redirect_uri: 'r', client_id: 'x', code_verifier: 'short' },
      'invalid_request',
    ],
  ])('refuses %s with 400', async (_label, body, code) => {
    expectRefusal(await requestToken(platform, body), code);
  });

  test('refuses a request without the environment secret with 401 unauthorized', async () => {
    expectRefusal(await requestToken(platform, { grant_type: 'refresh_token' }, ''), 'unauthorized', undefined, 401);
  });

  describe(`the client lookup (${agentContract.mcpClient.path})`, () => {
    const options = () => ({ serverUrl: platform.serverUrl, envSecret: platform.envSecret });

    test('answers the registered client', async () => {
      const { client: found } = await callAgentContract(options(), 'mcpClient', { clientId: client.client_id });

      expect(found).toEqual({
        clientId: client.client_id,
        clientName: 'Test MCP client',
        redirectUris: ['http://127.0.0.1:8765/callback'],
        scopes: ['mcp:read', 'mcp:write', 'mcp:action'],
      });
    });

    test('answers 404 invalid_client for an unknown or revoked client', async () => {
      const revoked = await registerClient(platform);
      await platform.context.prisma.mcpClient.update({
        where: { id: revoked.client_id },
        data: { revokedAt: new Date() },
      });

      for (const clientId of ['mcp_unknown', revoked.client_id, 'with\u0000nul']) {
        await expect(callAgentContract(options(), 'mcpClient', { clientId })).rejects.toMatchObject({
          status: 404,
          code: 'invalid_client',
        });
      }
    });
  });
});
