import { agentContract, MCP_SCOPES, SECRET_HEADER } from '@platform/platform-contract';
import { invalidRequestBody } from './invalid-request-body';
import { expectMcpRefusal, LOOPBACK_REDIRECT_URI, mcpOAuthFlow, WEB_REDIRECT_URI } from './mcp-oauth-flow';
import { describeMcpRefreshCases } from './mcp-refresh-cases';
import { describeMcpTokenCases } from './mcp-token-cases';
import type { SuiteContext } from './suite-context';

/**
 * MCP authorization (mcp-oauth.ts): client registration, the client lookup and the token route.
 * Refusals are checked by status and error code; their messages are the server's own words.
 */
export function describeMcpOAuthCases(suite: SuiteContext): void {
  describe('MCP authorization', () => {
    describeRegistrationCases(suite);
    describeClientLookupCases(suite);
    describeMcpTokenCases(suite);
    describeMcpRefreshCases(suite);
  });
}

function describeRegistrationCases(suite: SuiteContext): void {
  const { register, sendRegistration } = mcpOAuthFlow(suite);
  const expectRegistrationRefusal = async (response: Response, error: string) => {
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { error, error_description: expect.stringMatching(/\S/) },
    });
  };

  describe('client registration', () => {
    test('registers a public client, for every MCP scope by default', async () => {
      const client = await register({ client_name: 'Claude' });
      const another = await register();

      expect(client).toMatchObject({
        client_id: expect.stringMatching(/\S/),
        client_name: 'Claude',
        redirect_uris: [LOOPBACK_REDIRECT_URI, WEB_REDIRECT_URI],
        token_endpoint_auth_method: 'none',
        response_types: ['code'],
        scope: MCP_SCOPES.join(' '),
      });
      expect(client.grant_types).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
      expect(another.client_id).not.toBe(client.client_id);
    });

    test('registers a client for the scopes it names', async () => {
      const client = await register({ scope: 'mcp:write mcp:read' });

      expect(client.scope).toBe('mcp:read mcp:write');
    });

    test.each([
      ['http on a host that is not loopback', 'http://client.example.test/callback'],
      ['a fragment', 'https://client.example.test/callback#done'],
      ['credentials', 'https://user:secret@client.example.test/callback'],
      ['not a URL', 'not a url'],
      ['a custom scheme', 'com.example.app:/callback'],
    ])('refuses a redirect URI with %s: invalid_redirect_uri', async (_label, uri) => {
      const response = await sendRegistration({ client_name: 'Bad', redirect_uris: [LOOPBACK_REDIRECT_URI, uri] });

      await expectRegistrationRefusal(response, 'invalid_redirect_uri');
    });

    test.each([
      ['a client secret method', { token_endpoint_auth_method: 'client_secret_basic' }],
      ['an unsupported grant type', { grant_types: ['authorization_code', 'client_credentials'] }],
      ['an implicit response type', { response_types: ['token'] }],
      ['an unknown scope', { scope: 'mcp:read admin' }],
    ])('refuses %s: invalid_client_metadata', async (_label, metadata) => {
      const response = await sendRegistration({ redirect_uris: [LOOPBACK_REDIRECT_URI], ...metadata });

      await expectRegistrationRefusal(response, 'invalid_client_metadata');
    });

    test('refuses a body that is not an object: invalid_client_metadata', async () => {
      await expectRegistrationRefusal(await sendRegistration([LOOPBACK_REDIRECT_URI]), 'invalid_client_metadata');
    });
  });
}

function describeClientLookupCases(suite: SuiteContext): void {
  const { register } = mcpOAuthFlow(suite);
  const { path, method } = agentContract.mcpClient;
  const lookUp = (body: unknown, secret?: string | null) =>
    suite.send(path, { method, body: JSON.stringify(body), secret });

  describe('the client lookup', () => {
    test('answers a registered client as the agent checks an authorize request against it', async () => {
      const client = await register({ client_name: 'Cursor', scope: 'mcp:read' });

      const response = await lookUp({ clientId: client.client_id });

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        client: {
          clientId: client.client_id,
          clientName: 'Cursor',
          redirectUris: [LOOPBACK_REDIRECT_URI, WEB_REDIRECT_URI],
          scopes: ['mcp:read'],
        },
      });
    });

    test('answers 404 invalid_client for a client never registered', async () => {
      await expectMcpRefusal(await lookUp({ clientId: 'never-registered' }), 404, 'invalid_client');
    });

    test('needs the environment secret', async () => {
      const client = await register();

      const response = await lookUp({ clientId: client.client_id }, null);

      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        code: 'unauthorized',
        message: `Send the environment secret in the ${SECRET_HEADER} header.`,
      });
    });

    test('refuses a malformed body with 400 invalid_request naming each field', async () => {
      const body = { clientId: '' };

      const response = await lookUp(body);

      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(invalidRequestBody(agentContract.mcpClient.request, body));
    });
  });
}
