import { createPlatformServerSandbox, type PlatformServerSandbox } from '@platform/agent-testing';
import { sleep } from '@platform/tooling/test-helpers';
import type { TokenVerifier } from '../../src/http/auth/token-verifier';
import { createPlatformTokenVerifier } from '../../src/platform/platform-token-verifier';
import { makePlatformStatus } from '../factories/platform-status';
import { type ConnectedAgent, startConnectedAgent } from './connected-agent-fixture';
import { startFaultyPlatform } from './faulty-platform';

describe('createPlatformTokenVerifier', () => {
  let sandbox: PlatformServerSandbox;
  let envSecret: string;
  let verifier: TokenVerifier;

  beforeEach(async () => {
    sandbox = await createPlatformServerSandbox(0);
    envSecret = sandbox.addEnvironment();
    verifier = createPlatformTokenVerifier({
      serverUrl: sandbox.url,
      envSecret,
      getEnvironmentId: () => sandbox.environment(envSecret).id,
      jwksMaxAgeMs: 300,
      jwksCooldownMs: 0,
    });
  });
  afterEach(() => sandbox.close());

  test('turns a platform token into its caller', async () => {
    const caller = await verifier.verify(await sandbox.mintUserToken(envSecret, 1, { purpose: 'mcp' }));

    expect(caller).toMatchObject({ id: 1, email: 'admin@example.com', role: 'Admin', renderingId: 1 });
  });

  test("tells where the caller comes from by the token's purpose", async () => {
    const workflow = await verifier.verify(await sandbox.mintUserToken(envSecret, 1, { purpose: 'workflow' }));
    const mcp = await verifier.verify(await sandbox.mintUserToken(envSecret, 1, { purpose: 'mcp' }));

    expect([workflow.via, mcp.via]).toEqual(['workflow', 'mcp']);
  });

  test('keeps accepting tokens of the previous key during a rollover, refuses them once it is retired', async () => {
    const oldToken = await sandbox.mintUserToken(envSecret, 1);
    const oldKid = sandbox.currentKid;
    await verifier.verify(oldToken);

    await sandbox.rotateSigningKey();
    const newToken = await sandbox.mintUserToken(envSecret, 1);

    await expect(verifier.verify(newToken)).resolves.toMatchObject({ id: 1 });
    await expect(verifier.verify(oldToken)).resolves.toMatchObject({ id: 1 });
    sandbox.retireSigningKey(oldKid);
    await sleep(400);
    await expect(verifier.verify(oldToken)).rejects.toMatchObject({ name: 'InvalidTokenError' });
    await expect(verifier.verify(newToken)).resolves.toMatchObject({ id: 1 });
  });

  test('accepts a key rotated just after the key set was fetched; unknown keys reload it once per cooldown', async () => {
    const withCooldown = createPlatformTokenVerifier({
      serverUrl: sandbox.url,
      envSecret,
      getEnvironmentId: () => sandbox.environment(envSecret).id,
    });
    await withCooldown.verify(await sandbox.mintUserToken(envSecret, 1));

    await sandbox.rotateSigningKey();
    await expect(withCooldown.verify(await sandbox.mintUserToken(envSecret, 1))).resolves.toMatchObject({ id: 1 });

    // A second unknown key within the 30 s cooldown is not fetched for: a flood of made-up key
    // ids cannot make the agent hammer the platform.
    await sandbox.rotateSigningKey();
    await expect(withCooldown.verify(await sandbox.mintUserToken(envSecret, 1))).rejects.toMatchObject({
      name: 'InvalidTokenError',
    });
  });

  test('refuses a token of another environment', async () => {
    const other = sandbox.addEnvironment();

    const error = await verifier.verify(await sandbox.mintUserToken(other, 1)).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'InvalidTokenError' });
  });

  test('refuses an expired token', async () => {
    const token = await sandbox.mintUserToken(envSecret, 1, { expiresInSeconds: -10 });

    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'TokenExpiredError' });
  });

  test('refuses a token living longer than 15 minutes', async () => {
    const token = await sandbox.mintUserToken(envSecret, 1, { expiresInSeconds: 3600 });

    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'InvalidTokenError' });
  });

  test('refuses a token of another issuer', async () => {
    const token = await sandbox.mintUserToken(envSecret, 1, { claims: { iss: 'someone-else' } });

    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'InvalidTokenError' });
  });

  test('answers PlatformUnavailableError when the key set cannot be fetched', async () => {
    const token = await sandbox.mintUserToken(envSecret, 1);
    sandbox.environment(envSecret).startOutage();

    await expect(verifier.verify(token)).rejects.toMatchObject({ name: 'PlatformUnavailableError' });
  });

  test('after a failed fetch of the key set, answers at once without fetching again during the back-off', async () => {
    const faulty = await startFaultyPlatform('error');
    try {
      const guarded = createPlatformTokenVerifier({
        serverUrl: faulty.url,
        envSecret,
        getEnvironmentId: () => sandbox.environment(envSecret).id,
      });
      const token = await sandbox.mintUserToken(envSecret, 1);

      const first = await guarded.verify(token).catch((caught: unknown) => caught);
      const later: unknown[] = [];
      for (let attempt = 0; attempt < 50; attempt += 1)
        later.push(await guarded.verify(token).catch((caught) => caught));

      expect(first).toMatchObject({ name: 'PlatformUnavailableError' });
      expect(later.every((error) => (error as Error).name === 'PlatformUnavailableError')).toBe(true);
      expect(faulty.totalCalls()).toBe(1);
    } finally {
      await faulty.close();
    }
  });

  test('refuses every token once the platform refused the secret', async () => {
    const faulty = await startFaultyPlatform('refuse');
    try {
      const status = makePlatformStatus();
      status.answered();
      const guarded = createPlatformTokenVerifier({
        serverUrl: faulty.url,
        envSecret,
        getEnvironmentId: () => sandbox.environment(envSecret).id,
        status,
      });

      const error = await guarded.verify(await sandbox.mintUserToken(envSecret, 1)).catch((caught: unknown) => caught);

      expect(error).toMatchObject({ name: 'PlatformSecretRefusedError' });
      expect(status.state).toBe('refused');
    } finally {
      await faulty.close();
    }
  });

  test('claims only EdDSA and ES256 tokens', () => {
    expect(verifier.canVerify({ alg: 'EdDSA' })).toBe(true);
    expect(verifier.canVerify({ alg: 'ES256' })).toBe(true);
    expect(verifier.canVerify({ alg: 'HS256' })).toBe(false);
  });
});

describe('a connected agent receiving a platform token', () => {
  let platform: ConnectedAgent;
  beforeEach(async () => {
    platform = await startConnectedAgent();
    await platform.agent.start();
  });
  afterEach(() => platform.close());

  test('serves its user with the platform permissions and scope', async () => {
    const token = await platform.sandbox.mintUserToken(platform.envSecret, 2, { purpose: 'workflow' });

    const response = await fetch(`${platform.url}/orders`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data: Array<{ region: string }> };

    expect(response.status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((order) => order.region === 'EU')).toBe(true);
  });

  test('refuses a platform token signed by another key set', async () => {
    const stranger = await createPlatformServerSandbox(0);
    try {
      const secret = stranger.addEnvironment();
      const token = await stranger.mintUserToken(secret, 1);

      const response = await fetch(`${platform.url}/orders`, { headers: { authorization: `Bearer ${token}` } });

      expect(response.status).toBe(401);
    } finally {
      await stranger.close();
    }
  });
});
