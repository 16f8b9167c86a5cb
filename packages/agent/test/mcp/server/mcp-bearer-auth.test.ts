import { startConnectedMcpAgent } from '../../factories/mcp-agent';
import { signToken } from '../../factories/tokens';
import type { ConnectedAgent } from '../../platform/connected-agent-fixture';

const ALL_SCOPES = 'mcp:read mcp:write mcp:action';

/** A JSON-RPC POST to the MCP endpoint. */
function rpc(url: string, authorization: string | undefined, message: Record<string, unknown>) {
  return fetch(url, {
    method: 'POST',
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }),
  });
}

const initialize = {
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

describe('the MCP endpoint of a connected agent', () => {
  let fixture: ConnectedAgent;
  let mcpPort: number;
  let mcpUrl: string;
  const mcpToken = (options: { scope?: string; expiresInSeconds?: number; claims?: Record<string, unknown> } = {}) =>
    fixture.sandbox.mintUserToken(fixture.envSecret, 2, {
      purpose: 'mcp',
      expiresInSeconds: options.expiresInSeconds,
      // A claim, not the `scope` option: the sandbox would refuse the token without a scope.
      claims: { ...(options.scope === undefined ? {} : { scope: options.scope }), ...options.claims },
    });

  beforeAll(async () => {
    let origin: string;
    ({ fixture, origin, mcpUrl } = await startConnectedMcpAgent());
    mcpPort = Number(new URL(origin).port);
  });
  afterAll(() => fixture.close());

  test('accepts a platform-minted mcp token', async () => {
    const response = await rpc(mcpUrl, `Bearer ${await mcpToken({ scope: ALL_SCOPES })}`, initialize);

    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { result: { capabilities: { tools?: unknown } } }).result.capabilities.tools,
    ).toBeDefined();
  });

  test('answers 401 without a token, naming the protected-resource document', async () => {
    const response = await rpc(mcpUrl, undefined, initialize);

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="http://127.0.0.1:${mcpPort}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  test('serves the protected-resource document the challenge names', async () => {
    const response = await fetch(`http://127.0.0.1:${mcpPort}/.well-known/oauth-protected-resource/mcp`);

    expect(await response.json()).toEqual({
      resource: mcpUrl,
      authorization_servers: [`http://127.0.0.1:${mcpPort}`],
      scopes_supported: ['mcp:read', 'mcp:write', 'mcp:action'],
      bearer_methods_supported: ['header'],
      resource_name: 'Platform agent MCP server',
    });
  });

  test('serves the authorization-server document: its own endpoints, the platform registration', async () => {
    const response = await fetch(`http://127.0.0.1:${mcpPort}/.well-known/oauth-authorization-server`);

    expect(await response.json()).toMatchObject({
      issuer: `http://127.0.0.1:${mcpPort}`,
      authorization_endpoint: `http://127.0.0.1:${mcpPort}/oauth/authorize`,
      token_endpoint: `http://127.0.0.1:${mcpPort}/oauth/token`,
      registration_endpoint: `${fixture.sandbox.url}/mcp-auth/register`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });

  test.each([
    ['an expired token', () => mcpToken({ scope: ALL_SCOPES, expiresInSeconds: -60 }), /expired/],
    [
      'a token for another environment',
      () => mcpToken({ scope: ALL_SCOPES, claims: { aud: 'agent:environment:999' } }),
      /invalid/,
    ],
    [
      'a workflow token',
      () => fixture.sandbox.mintUserToken(fixture.envSecret, 2, { purpose: 'workflow' }),
      /not issued for the MCP server/,
    ],
    ['a token the agent signed', () => signToken(), /not issued for the MCP server/],
  ])('refuses %s with 401 invalid_token', async (_name, token, description) => {
    const response = await rpc(mcpUrl, `Bearer ${await token()}`, initialize);

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="/,
    );
    expect(((await response.json()) as { error_description: string }).error_description).toMatch(description);
  });

  test('refuses an altered token with 401', async () => {
    const token = await mcpToken({ scope: ALL_SCOPES });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, role: 'Admin' })).toString('base64url');

    const response = await rpc(mcpUrl, `Bearer ${header}.${altered}.${signature}`, initialize);

    expect(response.status).toBe(401);
  });

  test('refuses a write tool to a read-only token with 403 insufficient_scope, before it runs', async () => {
    const response = await rpc(mcpUrl, `Bearer ${await mcpToken({ scope: 'mcp:read' })}`, {
      method: 'tools/call',
      params: { name: 'delete', arguments: { collection: 'orders', ids: ['1'] } },
    });

    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer error="insufficient_scope", scope="mcp:write", resource_metadata="/,
    );
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('insufficient_scope');
    expect(fixture.readOrders()).toHaveLength(5);
  });

  test('refuses an action to a token without mcp:action', async () => {
    const response = await rpc(mcpUrl, `Bearer ${await mcpToken({ scope: 'mcp:read mcp:write' })}`, {
      method: 'tools/call',
      params: { name: 'executeAction', arguments: {} },
    });

    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('scope="mcp:action"');
  });

  test('refuses every tool to an mcp token without a scope claim', async () => {
    const response = await rpc(mcpUrl, `Bearer ${await mcpToken()}`, {
      method: 'tools/call',
      params: { name: 'list', arguments: { collection: 'orders' } },
    });

    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('scope="mcp:read"');
  });
});
