import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { followSandboxAuthorization, McpOAuthTestClient } from '@platform/agent-testing';
import { startConnectedMcpAgent } from '../../factories/mcp-agent';
import type { ConnectedAgent } from '../../platform/connected-agent-fixture';

/**
 * An MCP client authorizing with the SDK's own OAuth code against a real agent and the sandbox
 * (which plays the platform: registration, an auto-approving authorize page, codes, tokens).
 */
describe('authorizing an MCP client through the agent', () => {
  let fixture: ConnectedAgent;
  let mcpUrl: string;
  let origin: string;

  beforeAll(async () => {
    ({ fixture, origin, mcpUrl } = await startConnectedMcpAgent());
  });
  afterAll(() => fixture.close());
  afterEach(() => fixture.env.setMcpConsent('approve'));

  async function authorize(oauth: McpOAuthTestClient, scope?: string) {
    expect(await auth(oauth, { serverUrl: mcpUrl, scope })).toBe('REDIRECT');
    const outcome = await followSandboxAuthorization(oauth);
    if (outcome.code === undefined) throw new Error(`No code: ${outcome.error}`);
    expect(await auth(oauth, { serverUrl: mcpUrl, authorizationCode: outcome.code })).toBe('AUTHORIZED');
  }

  async function connect(oauth: McpOAuthTestClient): Promise<Client> {
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: oauth }));
    return client;
  }

  test('discovers, registers, authorizes and calls a tool as the user, within their scope', async () => {
    const oauth = new McpOAuthTestClient({ clientName: 'Claude test' });
    await authorize(oauth);
    const client = await connect(oauth);

    const result = await client.callTool({ name: 'list', arguments: { collection: 'orders' } });
    await client.close();

    expect(oauth.clientInformation()?.client_id).toEqual(expect.any(String));
    expect(oauth.tokens()).toMatchObject({ token_type: 'Bearer', scope: 'mcp:read mcp:write mcp:action' });
    const { records } = result.structuredContent as { records: Array<{ id: string; record: { region: string } }> };
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map(({ record }) => record.region))).toEqual(new Set(['EU']));
  });

  test('sends the browser through the platform with the checked request', async () => {
    const oauth = new McpOAuthTestClient({ scope: 'mcp:read' });
    await auth(oauth, { serverUrl: mcpUrl, scope: 'mcp:read' });

    const response = await fetch(oauth.authorizationUrl as URL, { redirect: 'manual' });

    expect(response.status).toBe(303);
    const target = new URL(response.headers.get('location') as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${fixture.sandbox.url}/mcp-auth/authorize`);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      clientId: oauth.clientInformation()?.client_id,
      redirectUri: oauth.redirectUrl,
      codeChallengeMethod: 'S256',
      scope: 'mcp:read',
      resource: mcpUrl,
      state: oauth.lastState,
    });
  });

  test('a token of the read scope can list but not write', async () => {
    const oauth = new McpOAuthTestClient({ scope: 'mcp:read' });
    await authorize(oauth, 'mcp:read');
    const client = await connect(oauth);

    const listed = await client.callTool({ name: 'list', arguments: { collection: 'orders' } });
    const deleted = client.callTool({ name: 'delete', arguments: { collection: 'orders', ids: [1] } });

    await expect(deleted).rejects.toThrow(/403|insufficient_scope/);
    await client.close();
    expect(listed.isError).toBeFalsy();
    expect(fixture.readOrders().map((order) => order.id)).toContain(1);
  });

  test('refreshes with rotation; a replayed refresh token revokes the grant', async () => {
    const oauth = new McpOAuthTestClient();
    await authorize(oauth);
    const first = oauth.tokens()?.refresh_token as string;
    const refresh = (refreshToken: string) =>
      fetch(`${origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: oauth.clientInformation()?.client_id as string,
        }),
      });

    const rotated = await refresh(first);
    const second = ((await rotated.json()) as { refresh_token: string }).refresh_token;
    const replayed = await refresh(first);
    const afterReplay = await refresh(second);

    expect(rotated.status).toBe(200);
    expect(second).not.toBe(first);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' });
    expect(afterReplay.status).toBe(400);
  });

  test('an expired access token is refreshed by the SDK, and the call goes through', async () => {
    const oauth = new McpOAuthTestClient();
    await authorize(oauth);
    const tokens = oauth.tokens();
    const expired = await fixture.sandbox.mintUserToken(fixture.envSecret, 2, {
      purpose: 'mcp',
      scope: ['mcp:read'],
      expiresInSeconds: -60,
    });
    oauth.saveTokens({ ...(tokens as NonNullable<typeof tokens>), access_token: expired });

    const client = await connect(oauth);
    const result = await client.callTool({ name: 'list', arguments: { collection: 'orders' } });
    await client.close();

    expect(result.isError).toBeFalsy();
    expect(oauth.tokens()?.access_token).not.toBe(expired);
  });

  test('a user who denies consent sends the client back with access_denied', async () => {
    fixture.env.setMcpConsent('deny');
    const oauth = new McpOAuthTestClient();
    await auth(oauth, { serverUrl: mcpUrl });

    const outcome = await followSandboxAuthorization(oauth);

    expect(outcome).toMatchObject({ error: 'access_denied', code: undefined });
  });
});
