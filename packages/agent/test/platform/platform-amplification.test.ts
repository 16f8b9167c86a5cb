import { burst } from './burst';
import { type ConnectedAgent, startConnectedAgent } from './connected-agent-fixture';
import { type FaultMode, type FaultyPlatform, startFaultyPlatform } from './faulty-platform';

/**
 * The most calls an agent may make to its platform during a burst of `elapsedMs`: a few per
 * second (three data resources, the background connection, the events stream, activity),
 * whatever the request rate.
 */
const callBound = (elapsedMs: number) => 10 + Math.ceil((3 * elapsedMs) / 1_000);

const MODES: ReadonlyArray<{ mode: FaultMode; status: number; name: string }> = [
  { mode: 'down', status: 503, name: 'PlatformUnavailableError' },
  { mode: 'error', status: 503, name: 'PlatformUnavailableError' },
  { mode: 'slow', status: 503, name: 'PlatformUnavailableError' },
  { mode: 'refuse', status: 500, name: 'PlatformSecretRefusedError' },
];

describe.each(MODES)('an agent under load whose platform is $mode', ({ mode, status, name }) => {
  let faulty: FaultyPlatform | undefined;
  let platform: ConnectedAgent | undefined;
  afterEach(async () => {
    await platform?.close();
    await faulty?.close();
  });

  test('started while the platform was unreachable: 1,000 requests at 50 concurrent make a few calls per second', async () => {
    faulty = await startFaultyPlatform('down');
    platform = await startConnectedAgent({ serverUrl: faulty.url });
    faulty.forwardTo(platform.sandbox.url);
    await platform.agent.start();
    faulty.setMode(mode);
    faulty.resetCounts();

    const result = await burst(`${platform.url}/orders`, { authorization: await platform.authorization(2) });

    expect(result.statuses).toEqual({ [status]: 1_000 });
    expect(result.samples[status]?.body).toMatchObject({ errors: [{ name, status }] });
    expect(faulty.totalCalls()).toBeLessThanOrEqual(callBound(result.elapsedMs));
  }, 60_000);

  test('connected first: 1,000 requests at 50 concurrent make a few calls per second', async () => {
    faulty = await startFaultyPlatform('pass');
    platform = await startConnectedAgent({
      serverUrl: faulty.url,
      // Every request past the first asks for a refresh: the back-off alone keeps them off the platform.
      platformCache: { refreshAfterMs: 0, maxAgeMs: 300_000 },
    });
    faulty.forwardTo(platform.sandbox.url);
    await platform.agent.start();
    const authorization = await platform.authorization(2);
    expect((await fetch(`${platform.url}/orders`, { headers: { authorization } })).status).toBe(200);
    faulty.setMode(mode);
    if (mode !== 'refuse') faulty.cutStreams();
    faulty.resetCounts();

    const result = await burst(`${platform.url}/orders`, { authorization });

    // Cached permissions answer within their age; a refused secret stops them after the first refresh.
    const expected = mode === 'refuse' ? 500 : 200;
    expect(result.statuses[expected]).toBeGreaterThanOrEqual(950);
    expect(faulty.totalCalls()).toBeLessThanOrEqual(callBound(result.elapsedMs));
  }, 60_000);
});
