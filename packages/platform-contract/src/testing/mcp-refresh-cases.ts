import { type McpClientRegistrationResponse, platformTokenClaimsSchema } from '@platform/platform-contract';
import { decodeJwtPart } from './decode-jwt-part';
import { expectMcpRefusal, mcpOAuthFlow, tokensOf } from './mcp-oauth-flow';
import type { SuiteContext } from './suite-context';

/**
 * The token route's `refresh_token` grant: refresh tokens are single-use and rotated; presenting
 * an old one revokes the whole grant; a refresh may narrow the scope, never widen it.
 */
export function describeMcpRefreshCases(suite: SuiteContext): void {
  const { authorize, authorizeLeavingUser, redeem, refresh, register } = mcpOAuthFlow(suite);
  let client: McpClientRegistrationResponse;
  let otherClient: McpClientRegistrationResponse;
  const scopeClaimOf = (accessToken: string) => platformTokenClaimsSchema.parse(decodeJwtPart(accessToken, 1)).scope;

  /** The first tokens of a new grant of the target's user. */
  const grantTokens = async (scope?: string) => tokensOf(await redeem(await authorize(client, { scope })));

  describe('the token route: refresh token', () => {
    beforeAll(async () => {
      client = await register();
      otherClient = await register({ client_name: 'Another client' });
    });

    test('trades a refresh token for new tokens with a new refresh token, the grant scope kept', async () => {
      const first = await grantTokens('mcp:read mcp:action');

      const refreshed = await tokensOf(await refresh(client.client_id, first.refresh_token));

      expect(refreshed.refresh_token).not.toBe(first.refresh_token);
      expect(refreshed.scope).toBe('mcp:read mcp:action');
      expect(scopeClaimOf(refreshed.access_token)).toBe('mcp:read mcp:action');
      expect(platformTokenClaimsSchema.parse(decodeJwtPart(refreshed.access_token, 1)).purpose).toBe('mcp');
    });

    test('revokes the whole grant when a used refresh token comes back', async () => {
      const first = await grantTokens();
      const second = await tokensOf(await refresh(client.client_id, first.refresh_token));
      const third = await tokensOf(await refresh(client.client_id, second.refresh_token));

      const replayed = await refresh(client.client_id, first.refresh_token);
      const latest = await refresh(client.client_id, third.refresh_token);

      await expectMcpRefusal(replayed, 400, 'invalid_grant');
      // The newest token was never used, yet the grant it belongs to is gone.
      await expectMcpRefusal(latest, 400, 'invalid_grant');
    });

    test('narrows the scope of the access token when asked', async () => {
      const first = await grantTokens('mcp:read mcp:write');

      const narrowed = await tokensOf(await refresh(client.client_id, first.refresh_token, { scope: 'mcp:read' }));

      expect(narrowed.scope).toBe('mcp:read');
      expect(scopeClaimOf(narrowed.access_token)).toBe('mcp:read');
    });

    test.each([
      ['a scope beyond the grant', 'mcp:read mcp:write'],
      ['an unknown scope', 'mcp:read mcp:admin'],
    ])('refuses %s: invalid_scope', async (_label, scope) => {
      const first = await grantTokens('mcp:read');

      await expectMcpRefusal(await refresh(client.client_id, first.refresh_token, { scope }), 400, 'invalid_scope');
    });

    test('refuses the refresh token of another client', async () => {
      const first = await grantTokens();

      await expectMcpRefusal(await refresh(otherClient.client_id, first.refresh_token), 400, 'invalid_grant');
    });

    test('refuses a refresh token the server never issued', async () => {
      await expectMcpRefusal(await refresh(client.client_id, 'not-a-token-this-server-issued'), 400, 'invalid_grant');
    });

    test('refuses a client never registered: 401 invalid_client', async () => {
      const first = await grantTokens();

      await expectMcpRefusal(await refresh('never-registered', first.refresh_token), 401, 'invalid_client');
    });

    test('refuses the refresh token of a user who lost access since', async () => {
      const authorization = await authorizeLeavingUser(client);
      const first = await tokensOf(await redeem(authorization));
      await authorization.removeUser();

      await expectMcpRefusal(await refresh(client.client_id, first.refresh_token), 400, 'invalid_grant');
    });
  });
}
