import { sleep } from '@platform/tooling/test-helpers';
import { burst } from './burst';
import { type ConnectedAgent, startConnectedAgent } from './connected-agent-fixture';
import { type FaultyPlatform, startFaultyPlatform } from './faulty-platform';

describe('what an agent answers when its platform fails', () => {
  let faulty: FaultyPlatform | undefined;
  let platform: ConnectedAgent | undefined;
  afterEach(async () => {
    await platform?.close();
    await faulty?.close();
  });

  /** An agent started while the platform was unreachable (serving anyway), then pointed at `mode`. */
  const startWhileDown = async () => {
    faulty = await startFaultyPlatform('down');
    platform = await startConnectedAgent({
      serverUrl: faulty.url,
      platformCache: { refreshAfterMs: 0, maxAgeMs: 300_000 },
    });
    faulty.forwardTo(platform.sandbox.url);
    await platform.agent.start();
    const authorization = await platform.authorization(2);

    return {
      faulty,
      platform,
      list: () => fetch(`${platform!.url}/orders`, { headers: { authorization } }),
      authorization,
    };
  };
  const lines = (level: string) =>
    (platform?.logger.mock.calls ?? []).filter(([lineLevel]) => lineLevel === level).map(([, line]) => line);
  // Past the longest back-off (30 s): after many failed calls the next trial can be that far away.
  const until = async (status: number, list: () => Promise<Response>) => {
    let response = await list();
    for (let tries = 0; tries < 400 && response.status !== status; tries += 1) {
      await sleep(100);
      response = await list();
    }
    return response;
  };

  test('a refused secret answers 500 PlatformSecretRefusedError naming the cause and the fix, without Retry-After', async () => {
    const { faulty, platform, authorization } = await startWhileDown();
    faulty.setMode('refuse');

    const result = await burst(`${platform.url}/orders`, { authorization });

    expect(result.statuses).toEqual({ 500: 1_000 });
    expect(result.samples[500]).toEqual({
      retryAfter: null,
      body: {
        errors: [
          {
            name: 'PlatformSecretRefusedError',
            status: 500,
            detail:
              "platform-api refused this agent's environment secret: check PLATFORM_ENV_SECRET (the envSecret option) " +
              'and that the environment still exists on the platform. Nothing is allowed until the platform accepts it.',
          },
        ],
      },
    });
  }, 30_000);

  test('a refused secret is logged at Error once per change of state, not per request', async () => {
    const { faulty, platform, list, authorization } = await startWhileDown();
    expect(lines('Error')).toEqual([]);

    faulty.setMode('refuse');
    await burst(`${platform.url}/orders`, { authorization });
    const afterFirstRefusal = lines('Error');
    faulty.setMode('pass');
    const recovered = await until(200, list);
    faulty.setMode('refuse');
    await burst(`${platform.url}/orders`, { authorization });

    expect(afterFirstRefusal).toEqual([
      expect.stringMatching(
        /^platform-api at .* refused this agent's environment secret \(.*401.*\)\. Check PLATFORM_ENV_SECRET/,
      ),
    ]);
    expect(recovered.status).toBe(200);
    expect(lines('Info')).toContainEqual(expect.stringMatching(/answers again and accepts the environment secret/));
    expect(lines('Error')).toHaveLength(2);
  }, 120_000);

  test('an unreachable platform answers 503 PlatformUnavailableError with Retry-After on every response', async () => {
    const { faulty, platform, authorization } = await startWhileDown();
    faulty.setMode('error');

    const result = await burst(`${platform.url}/orders`, { authorization });

    expect(result.statuses).toEqual({ 503: 1_000 });
    expect(result.samples[503]?.body).toEqual({
      errors: [
        {
          name: 'PlatformUnavailableError',
          status: 503,
          detail: expect.stringMatching(/^The platform cannot give this agent its users now.*try again in \d+ s\.$/),
        },
      ],
    });
    expect(result.retryAfters).toHaveLength(1_000);
    for (const retryAfter of result.retryAfters) {
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(30);
      expect(Number.isInteger(Number(retryAfter))).toBe(true);
    }
  }, 30_000);

  test('an unreachable platform is logged once when it fails and once when it is back, not per request', async () => {
    const { faulty, platform, list, authorization } = await startWhileDown();
    faulty.setMode('pass');
    expect((await until(200, list)).status).toBe(200);
    const before = { warn: lines('Warn').length, error: lines('Error').length };

    faulty.setMode('error');
    faulty.cutStreams();
    await burst(`${platform.url}/orders`, { authorization });
    faulty.setMode('pass');
    await until(200, list);

    const unavailable = lines('Warn').slice(before.warn);
    expect(unavailable.filter((line) => /^platform-api at .* is unavailable/.test(line))).toHaveLength(1);
    // The events stream says it is down once too; nothing else per request.
    expect(unavailable.length).toBeLessThanOrEqual(3);
    expect(lines('Error')).toHaveLength(before.error);
    expect(lines('Info').filter((line) => /^platform-api at .* answers again\.$/.test(line))).toHaveLength(1);
  }, 120_000);
});
