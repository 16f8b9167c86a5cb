import {
  agentContract,
  callAgentContract,
  type McpClientRegistrationResponse,
  PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  platformTokenAudience,
  platformTokenClaimsSchema,
} from '@platform/platform-contract';
import { decodeJwtPart } from './decode-jwt-part';
import { invalidRequestBody } from './invalid-request-body';
import {
  expectMcpRefusal,
  LOOPBACK_REDIRECT_URI,
  mcpOAuthFlow,
  pkcePair,
  tokensOf,
  WEB_REDIRECT_URI,
} from './mcp-oauth-flow';
import type { SuiteContext } from './suite-context';

/** One MCP authorization code's lifetime on every server. */
const CODE_LIFETIME_MS = 60_000;

/** The token route's `authorization_code` grant: what a code is traded for, and every refusal. */
export function describeMcpTokenCases(suite: SuiteContext): void {
  const { authorize, authorizeLeavingUser, redeem, register, resource, token } = mcpOAuthFlow(suite);
  let client: McpClientRegistrationResponse;
  let otherClient: McpClientRegistrationResponse;

  describe('the token route: authorization code', () => {
    beforeAll(async () => {
      client = await register();
      otherClient = await register({ client_name: 'Another client' });
    });

    test('trades a code for an mcp access token of the user with the approved scope, and a refresh token', async () => {
      const { serverUrl, envSecret, userEmail, userRole, team } = suite.target();
      const authorization = await authorize(client, { scope: 'mcp:read mcp:write' });

      const tokens = await tokensOf(await redeem(authorization));

      const [{ keys }, environment] = await Promise.all([
        callAgentContract({ serverUrl, envSecret }, 'jwks'),
        callAgentContract({ serverUrl, envSecret }, 'environment'),
      ]);
      const header = decodeJwtPart(tokens.access_token, 0) as { kid?: unknown };
      const claims = platformTokenClaimsSchema.strict().parse(decodeJwtPart(tokens.access_token, 1));
      expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'mcp:read mcp:write' });
      expect(tokens.refresh_token).toMatch(/\S/);
      expect(keys.map((key) => key.kid)).toContain(header.kid);
      expect(claims).toMatchObject({
        aud: platformTokenAudience(environment.id),
        purpose: 'mcp',
        scope: 'mcp:read mcp:write',
        email: userEmail,
        role: userRole,
        team,
        environmentId: environment.id,
      });
      expect(tokens.expires_in).toBe(claims.exp - claims.iat);
      expect(tokens.expires_in).toBeLessThanOrEqual(PLATFORM_TOKEN_MAX_LIFETIME_SECONDS);
    });

    test('trades a code without the optional resource', async () => {
      const authorization = await authorize(client, { redirectUri: WEB_REDIRECT_URI });

      const tokens = await tokensOf(await redeem(authorization, { resource: undefined }));

      expect(tokens.scope).toBe(client.scope);
    });

    test('trades a code once', async () => {
      const authorization = await authorize(client);

      const first = await redeem(authorization);
      const again = await redeem(authorization);

      expect(first.status).toBe(200);
      await expectMcpRefusal(again, 400, 'invalid_grant');
    });

    test('trades a code until its minute is over', async () => {
      const { seed } = suite.target();
      const fresh = await authorize(client);
      const stale = await authorize(client);

      await seed.advanceClock(CODE_LIFETIME_MS - 1_000);
      const inTime = await redeem(fresh);
      await seed.advanceClock(1_000);
      const late = await redeem(stale);

      expect(inTime.status).toBe(200);
      await expectMcpRefusal(late, 400, 'invalid_grant');
    });

    const refusals: readonly [string, () => Record<string, unknown>, number, string][] = [
      ['a code verifier of another challenge', () => ({ code_verifier: pkcePair().verifier }), 400, 'invalid_grant'],
      ['another redirect URI of the client', () => ({ redirect_uri: WEB_REDIRECT_URI }), 400, 'invalid_grant'],
      [
        'the redirect URI with a trailing slash',
        () => ({ redirect_uri: `${LOOPBACK_REDIRECT_URI}/` }),
        400,
        'invalid_grant',
      ],
      ['the id of another client', () => ({ client_id: otherClient.client_id }), 400, 'invalid_grant'],
      ['the id of a client never registered', () => ({ client_id: 'never-registered' }), 401, 'invalid_client'],
      ['another resource', () => ({ resource: `${resource()}/elsewhere` }), 400, 'invalid_grant'],
      ['a code the server never issued', () => ({ code: 'not-a-code-this-server-issued' }), 400, 'invalid_grant'],
    ];
    test.each(refusals)('refuses %s', async (_label, overrides, status, code) => {
      const authorization = await authorize(client);

      await expectMcpRefusal(await redeem(authorization, overrides()), status, code);
    });

    test('refuses the code of a user who lost access since', async () => {
      const authorization = await authorizeLeavingUser(client);
      await authorization.removeUser();

      await expectMcpRefusal(await redeem(authorization), 400, 'invalid_grant');
    });

    test.each(['client_credentials', 'password', 'urn:ietf:params:oauth:grant-type:device_code'])(
      'refuses the grant type %s: unsupported_grant_type',
      async (grantType) => {
        await expectMcpRefusal(
          await token({ grant_type: grantType, client_id: client.client_id }),
          400,
          'unsupported_grant_type',
        );
      },
    );

    test.each([
      [
        'a short code verifier',
        {
          grant_type: 'authorization_code',
          code: 'c',
          redirect_uri: LOOPBACK_REDIRECT_URI,
          code_verifier: 'short',
          client_id: 'a',
        },
      ],
      ['no refresh token', { grant_type: 'refresh_token', client_id: 'a' }],
      ['no grant type', { code: 'c', client_id: 'a' }],
    ])('refuses a body with %s: 400 invalid_request naming each field', async (_label, body) => {
      const response = await token(body);

      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(invalidRequestBody(agentContract.mcpToken.request, body));
    });
  });
}
