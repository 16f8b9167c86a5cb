import {
  PLATFORM_TOKEN_ISSUER,
  PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  platformTokenAudience,
  platformTokenClaimsSchema,
  SECRET_HEADER,
} from '@platform/platform-contract';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { mintUserToken } from '../../src/agents/mint-user-token';
import { createSigningKey, retireSigningKeys } from '../../src/agents/signing-keys';
import { describeEachDatabase } from '../helpers/test-context';
import { type AgentPlatform, startAgentPlatform } from './agent-platform';

describeEachDatabase('platform-minted user tokens', (kind) => {
  let platform: AgentPlatform;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
  });
  afterAll(() => platform.close());

  /** What an agent does: fetch the key set with its secret, then verify (a fresh set each time, no cache). */
  const verify = (token: string) =>
    jwtVerify(
      token,
      createRemoteJWKSet(new URL(`${platform.serverUrl}/agent/v1/jwks`), {
        headers: { [SECRET_HEADER]: platform.envSecret },
      }),
      { issuer: PLATFORM_TOKEN_ISSUER, audience: platformTokenAudience(platform.world.environment.id) },
    );
  const mint = () =>
    mintUserToken(platform.context, {
      userId: platform.world.member.id,
      environmentId: platform.world.environment.id,
      purpose: 'workflow',
      timezone: 'Europe/Paris',
    });

  test('a minted token verifies against the jwks route and carries the user claims', async () => {
    const token = await mint();

    const { payload, protectedHeader } = await verify(token);

    expect(protectedHeader.alg).toBe('EdDSA');
    const claims = platformTokenClaimsSchema.parse(payload);
    expect(claims).toMatchObject({
      purpose: 'workflow',
      id: platform.world.member.id,
      email: platform.world.member.email,
      role: 'Editor',
      team: 'Support',
      renderingId: platform.world.rendering.id,
      environmentId: platform.world.environment.id,
      projectId: platform.world.project.id,
      timezone: 'Europe/Paris',
    });
    expect(claims.exp - claims.iat).toBe(PLATFORM_TOKEN_MAX_LIFETIME_SECONDS);
  });

  test('a token signed before a rotation still verifies while both keys are published, not after retiring', async () => {
    const before = await mint();
    await createSigningKey(platform.context);
    const after = await mint();

    await expect(verify(before)).resolves.toBeDefined();
    await expect(verify(after)).resolves.toBeDefined();
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);

    const retired = await retireSigningKeys(platform.context);

    expect(retired).toContain(decodeProtectedHeader(before).kid);
    await expect(verify(before)).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
    await expect(verify(after)).resolves.toBeDefined();
  });

  test('the signing key cannot be retired by kid', async () => {
    const kid = decodeProtectedHeader(await mint()).kid as string;

    await expect(retireSigningKeys(platform.context, kid)).rejects.toMatchObject({ name: 'ValidationError' });
  });

  test('a token for another environment audience is refused by the verifier', async () => {
    const token = await mint();

    await expect(
      jwtVerify(
        token,
        createRemoteJWKSet(new URL(`${platform.serverUrl}/agent/v1/jwks`), {
          headers: { [SECRET_HEADER]: platform.envSecret },
        }),
        { audience: platformTokenAudience(platform.world.environment.id + 1) },
      ),
    ).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED' });
  });

  test('minting for a user without a team rendering the environment is forbidden', async () => {
    await expect(
      mintUserToken(platform.context, {
        userId: platform.world.outsider.id,
        environmentId: platform.world.environment.id,
        purpose: 'mcp',
      }),
    ).rejects.toMatchObject({ name: 'ForbiddenError' });
  });
});
