import { randomBytes } from 'node:crypto';
import { MCP_REGISTRATION_PATH, mcpClientRegistrationResponseSchema } from '@platform/platform-contract';
import { describeWithService } from '@platform/tooling/test-services';
import { closeRateLimitStores } from '../../src/http/rate-limit/rate-limit-store';
import { type AgentPlatform, startAgentPlatform } from '../agents/agent-platform';
import { describeEachDatabase } from '../helpers/test-context';
import { CLIENT_REDIRECT_URI, postRegistration } from './mcp-auth-client';
import { serveWithConfig } from './serve-with-config';

describeEachDatabase(`POST ${MCP_REGISTRATION_PATH}`, (kind) => {
  let platform: AgentPlatform;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
  });
  afterAll(() => platform.close());

  const register = (body: unknown, serverUrl = platform.serverUrl) => postRegistration(serverUrl, body);
  const clientCount = () => platform.context.prisma.mcpClient.count();
  const expectRefusal = async (response: Response, status: number, error: string) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe(error);
    expect(body.error_description.length).toBeGreaterThan(0);
    return body;
  };

  test('registers a public client and answers 201 with its metadata, stored as sent', async () => {
    const response = await register({
      client_name: 'Claude',
      client_uri: 'https://claude.ai',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback', CLIENT_REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'mcp:write mcp:read',
    });

    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = mcpClientRegistrationResponseSchema.parse(await response.json());
    expect(body).toMatchObject({
      client_name: 'Claude',
      client_uri: 'https://claude.ai',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback', CLIENT_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp:read mcp:write',
    });
    expect(Math.abs(body.client_id_issued_at - Date.now() / 1000)).toBeLessThan(60);
    const stored = await platform.context.prisma.mcpClient.findUniqueOrThrow({ where: { id: body.client_id } });
    expect(stored).toMatchObject({
      name: 'Claude',
      redirectUris: ['https://claude.ai/api/mcp/auth_callback', CLIENT_REDIRECT_URI],
      scopes: ['mcp:read', 'mcp:write'],
      revokedAt: null,
    });
  });

  test('names a nameless client after its redirect host and gives it every scope', async () => {
    const response = await register({ redirect_uris: ['http://localhost:6274/oauth/callback'] });

    const body = mcpClientRegistrationResponseSchema.parse(await response.json());
    expect(body.client_name).toBe('localhost:6274');
    expect(body.scope).toBe('mcp:read mcp:write mcp:action');
  });

  test('answers a CORS preflight so that browser-based clients can register', async () => {
    const response = await fetch(`${platform.serverUrl}${MCP_REGISTRATION_PATH}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST' },
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
  });

  test.each([
    ['plain http on a public host', 'http://app.example.test/callback'],
    ['a fragment', 'https://app.example.test/callback#fragment'],
    ['credentials', 'https://user:secret@app.example.test/callback'],
    ['a custom scheme', 'com.example.app:/callback'],
    ['a relative URI', '/callback'],
    ['a look-alike of localhost', 'http://localhost.evil.test/callback'],
  ])('refuses a redirect URI with %s: 400 invalid_redirect_uri, nothing stored', async (_label, uri) => {
    const before = await clientCount();

    const response = await register({ redirect_uris: [CLIENT_REDIRECT_URI, uri] });

    await expectRefusal(response, 400, 'invalid_redirect_uri');
    expect(await clientCount()).toBe(before);
  });

  test('refuses a registration without redirect URIs with invalid_redirect_uri', async () => {
    await expectRefusal(await register({ client_name: 'x', redirect_uris: [] }), 400, 'invalid_redirect_uri');
  });

  test.each([
    ['a confidential client', { token_endpoint_auth_method: 'client_secret_basic' }],
    ['an unknown scope', { scope: 'mcp:read admin' }],
    ['an unsupported grant type', { grant_types: ['client_credentials'] }],
    ['refresh_token without authorization_code', { grant_types: ['refresh_token'] }],
    ['an implicit response type', { response_types: ['token'] }],
    ['a client URI that is not http(s)', { client_uri: 'javascript:alert(1)' }],
    ['a name with control characters', { client_name: 'Bad\u0000name' }],
  ])('refuses %s: 400 invalid_client_metadata, nothing stored', async (_label, metadata) => {
    const before = await clientCount();

    const response = await register({ redirect_uris: [CLIENT_REDIRECT_URI], ...metadata });

    await expectRefusal(response, 400, 'invalid_client_metadata');
    expect(await clientCount()).toBe(before);
  });

  test('refuses a body that is not JSON with invalid_client_metadata', async () => {
    await expectRefusal(await register('{"redirect_uris": ['), 400, 'invalid_client_metadata');
    await expectRefusal(await register('null'), 400, 'invalid_client_metadata');
  });

  test('writes an mcp_client.register admin-log entry', async () => {
    const response = await register({ client_name: 'Logged', redirect_uris: [CLIENT_REDIRECT_URI] });
    const { client_id: clientId } = mcpClientRegistrationResponseSchema.parse(await response.json());

    const entry = await platform.context.prisma.adminLog.findFirst({
      where: { action: 'mcp_client.register', targetId: clientId },
    });

    expect(entry).toMatchObject({ targetType: 'mcp_client', projectId: null });
    expect(entry?.details).toMatchObject({
      name: 'Logged',
      redirectUris: [CLIENT_REDIRECT_URI],
      source: 'registration_endpoint',
    });
  });

  describe('with PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS', () => {
    test('accepts redirect URIs on the listed hosts only, subdomains through a wildcard', async () => {
      const server = await serveWithConfig(platform, {
        PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS: { kind: 'hosts', hosts: ['claude.ai', '*.example.test', '127.0.0.1'] },
      });
      try {
        const accepted = await register(
          { redirect_uris: ['https://claude.ai/cb', 'https://app.example.test/cb', CLIENT_REDIRECT_URI] },
          server.url,
        );
        const otherHost = await register({ redirect_uris: ['https://evil.test/cb'] }, server.url);
        const lookAlike = await register({ redirect_uris: ['https://example.test.evil.test/cb'] }, server.url);
        const bareDomain = await register({ redirect_uris: ['https://example.test/cb'] }, server.url);
        const oneBadAmongGood = await register(
          { redirect_uris: ['https://claude.ai/cb', 'http://localhost:1/cb'] },
          server.url,
        );

        expect(accepted.status).toBe(201);
        const refusal = await expectRefusal(otherHost, 400, 'invalid_redirect_uri');
        expect(refusal.error_description).toContain('evil.test is not one of them');
        await expectRefusal(lookAlike, 400, 'invalid_redirect_uri');
        await expectRefusal(bareDomain, 400, 'invalid_redirect_uri');
        await expectRefusal(oneBadAmongGood, 400, 'invalid_redirect_uri');
      } finally {
        await server.close();
      }
    });

    test('off: refuses every registration with 403 access_denied', async () => {
      const server = await serveWithConfig(platform, { PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS: { kind: 'off' } });
      const before = await clientCount();
      try {
        const response = await register({ redirect_uris: [CLIENT_REDIRECT_URI] }, server.url);

        const refusal = await expectRefusal(response, 403, 'access_denied');
        expect(refusal.error_description).toContain('platform-api mcp clients register');
        expect(await clientCount()).toBe(before);
      } finally {
        await server.close();
      }
    });
  });

  describe('rate limit per address', () => {
    const limited = (config: Record<string, unknown> = {}) =>
      serveWithConfig(platform, {
        PLATFORM_MCP_REGISTRATION_RATE_LIMIT: 2,
        PLATFORM_MCP_REGISTRATION_RATE_WINDOW_MS: 60_000,
        PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX: `test:mcp:${process.pid}:${randomBytes(6).toString('hex')}:`,
        ...config,
      });

    const expectLimitAfterTwo = async (serverUrl: string) => {
      const first = await register({ redirect_uris: [CLIENT_REDIRECT_URI] }, serverUrl);
      // A refused registration counts too: the limit is counted before the body is read.
      const refused = await register({ redirect_uris: ['http://evil.test/cb'] }, serverUrl);
      const before = await clientCount();
      const third = await register({ redirect_uris: [CLIENT_REDIRECT_URI] }, serverUrl);

      expect(first.status).toBe(201);
      expect(refused.status).toBe(400);
      await expectRefusal(third, 429, 'rate_limited');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await clientCount()).toBe(before);
    };

    test('refuses the registration past the limit with 429 and Retry-After (memory store)', async () => {
      const server = await limited();
      try {
        await expectLimitAfterTwo(server.url);
      } finally {
        await server.close();
      }
    });

    describeWithService('redis', 'in Redis', () => {
      afterAll(() => closeRateLimitStores());

      test('refuses the registration past the limit, counted in Redis', async () => {
        const server = await limited({ REDIS_URL: 'redis://127.0.0.1:6379' });
        try {
          await expectLimitAfterTwo(server.url);
        } finally {
          await server.close();
        }
      });
    });
  });
});
