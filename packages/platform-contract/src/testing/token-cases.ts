import {
  callAgentContract,
  PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  platformTokenAudience,
  platformTokenClaimsSchema,
} from '@platform/platform-contract';
import type { SuiteContext } from './suite-context';

/** One part of a compact JWS, decoded (the signature is checked by the agent's own tests). */
function decodePart(token: string, index: 0 | 1): unknown {
  const part = token.split('.')[index];
  if (part === undefined) throw new Error('The token is not a compact JWS.');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/** The user tokens the platform mints for workflows and MCP sessions: what an agent verifies. */
export function describeTokenCases(suite: SuiteContext): void {
  test('a minted user token names a published key and carries exactly the contract claims', async () => {
    const { serverUrl, envSecret, seed, userEmail, userRole, team } = suite.target();
    const options = { serverUrl, envSecret };
    const token = await seed.mintUserToken();
    const [{ keys }, environment] = await Promise.all([
      callAgentContract(options, 'jwks'),
      callAgentContract(options, 'environment'),
    ]);

    const header = decodePart(token, 0) as { kid?: unknown };
    const claims = platformTokenClaimsSchema.strict().parse(decodePart(token, 1));

    expect(header).toEqual({ alg: 'EdDSA', kid: expect.any(String), typ: 'JWT' });
    expect(keys.map((key) => key.kid)).toContain(header.kid);
    expect(claims).toMatchObject({
      aud: platformTokenAudience(environment.id),
      purpose: 'workflow',
      email: userEmail,
      role: userRole,
      team,
      environmentId: environment.id,
      projectId: environment.projectId,
    });
    expect(claims.exp - claims.iat).toBe(PLATFORM_TOKEN_MAX_LIFETIME_SECONDS);
  });
}
