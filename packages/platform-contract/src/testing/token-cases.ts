import {
  callAgentContract,
  PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  platformTokenAudience,
  platformTokenClaimsSchema,
} from '@platform/platform-contract';
import { decodeJwtPart } from './decode-jwt-part';
import type { SuiteContext } from './suite-context';

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

    const header = decodeJwtPart(token, 0) as { kid?: unknown };
    const claims = platformTokenClaimsSchema.strict().parse(decodeJwtPart(token, 1));

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
