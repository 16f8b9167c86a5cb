import { createPlatformServerSandbox } from '@platform/agent-testing';
import { sleep } from '@platform/tooling/test-helpers';
import { type ConnectedAgent, freePort, startConnectedAgent } from './connected-agent-fixture';
import { type FaultyPlatform, startFaultyPlatform } from './faulty-platform';

describe('an agent whose platform fails', () => {
  let platform: ConnectedAgent | undefined;
  let faulty: FaultyPlatform | undefined;
  afterEach(async () => {
    await platform?.close();
    await faulty?.close();
  });

  test('refuses to start with a wrong environment secret, with a clear message and no stack', async () => {
    platform = await startConnectedAgent({ envSecret: 'b'.repeat(64) });

    const error = await platform.agent.start().catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'PlatformConnectionError' });
    expect((error as Error).message).toMatch(/refused the environment secret.*PLATFORM_ENV_SECRET/);
    const line = platform.logger.mock.calls.find(([level]) => level === 'Error');
    expect(line?.[1]).toMatch(/^The agent could not start: The platform at .* refused the environment secret/);
    expect(line?.[2]).toBeUndefined();
  });

  test('refuses to start on a malformed answer, naming the endpoint', async () => {
    platform = await startConnectedAgent();
    platform.env.overrideResponse('checkSchema', { sendSchema: 'yes' });

    const error = await platform.agent.start().catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      name: 'ContractCallError',
      failure: 'malformed',
      endpoint: 'POST /agent/v1/schema/check',
    });
    expect((error as Error).message).toContain('sendSchema');
  });

  test('tries again at start, and connects before serving when the platform answers the second try', async () => {
    faulty = await startFaultyPlatform('down');
    platform = await startConnectedAgent({ serverUrl: faulty.url });
    faulty.forwardTo(platform.sandbox.url);

    const starting = platform.agent.start();
    for (let tries = 0; tries < 100 && faulty.totalCalls() === 0; tries += 1) await sleep(10);
    faulty.setMode('pass');
    await starting;

    const messages = platform.logger.mock.calls.map(([, message]) => message);
    expect(messages).toContainEqual(
      expect.stringMatching(/^The platform did not answer \(attempt 1 of 3\).*Retrying in 1000 ms/),
    );
    expect(messages).toContainEqual(expect.stringMatching(/^Connected to the platform/));
    expect(messages).not.toContainEqual(expect.stringMatching(/Serving anyway/));
    expect(platform.env.uploadedSchemas).toHaveLength(1);
  });

  test('starts when the platform is down, answers 503, then connects when it is back', async () => {
    const port = await freePort();
    platform = await startConnectedAgent({ serverUrl: `http://127.0.0.1:${port}` });
    const started = Date.now();

    await platform.agent.start();
    const response = await fetch(`${platform.url}/orders`, {
      headers: { authorization: await platform.authorization(2) },
    });

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errors: [{ name: 'PlatformUnavailableError', status: 503, detail: expect.stringContaining('platform') }],
    });
    expect(platform.logger.mock.calls.map(([, message]) => message)).toContainEqual(
      expect.stringMatching(/did not answer after 3 attempts.*Serving anyway/),
    );

    const revived = await createPlatformServerSandbox(port);
    try {
      revived.addEnvironment({ envSecret: platform.envSecret });
      const admin = await platform.authorization(1);
      const uploaded = revived.environment(platform.envSecret).uploadedSchemas;
      let status = 0;
      for (let tries = 0; tries < 150 && (status !== 200 || uploaded.length === 0); tries += 1) {
        await sleep(100);
        status = (await fetch(`${platform.url}/orders`, { headers: { authorization: admin } })).status;
      }

      expect(status).toBe(200);
      expect(uploaded).toHaveLength(1);
    } finally {
      await platform.agent.stop();
      await revived.close();
    }
  }, 30_000);

  test('uses cached permissions during an outage until their age runs out, then answers 503, then recovers', async () => {
    platform = await startConnectedAgent({ platformCache: { refreshAfterMs: 100, maxAgeMs: 1_000 } });
    await platform.agent.start();
    const authorization = await platform.authorization(2);
    const list = () => fetch(`${platform!.url}/orders`, { headers: { authorization } });
    expect((await list()).status).toBe(200);

    platform.env.startOutage();
    await sleep(300);
    const during = await list();
    await sleep(1_000);
    const after = await list();
    platform.env.endOutage();
    // Within the back-off after the failed calls (or at once when the events stream reopens).
    let recovered = 0;
    for (let tries = 0; tries < 50 && recovered !== 200; tries += 1) {
      await sleep(100);
      recovered = (await list()).status;
    }

    expect(during.status).toBe(200);
    expect(after.status).toBe(503);
    expect(await after.json()).toMatchObject({ errors: [{ name: 'PlatformUnavailableError' }] });
    expect(recovered).toBe(200);
  });
});
