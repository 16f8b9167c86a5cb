import { EVENTS_PATH } from '@platform/platform-contract';
import { sleep } from '@platform/tooling/test-helpers';
import { controlClock, type TestClock } from '../factories/clock';
import { type ConnectedAgent, startConnectedAgent } from './connected-agent-fixture';
import { type FaultyPlatform, startFaultyPlatform } from './faulty-platform';

const FIVE_MINUTES = 300_000;

describe('how long an agent grants from what it cached', () => {
  let faulty: FaultyPlatform | undefined;
  let platform: ConnectedAgent | undefined;
  let clock: TestClock | undefined;
  afterEach(async () => {
    clock?.restore();
    await platform?.close();
    await faulty?.close();
  });

  /** A connected agent (default cache ages) behind a stand-in, its caches warm; `list` as the EU editor. */
  const startWarm = async () => {
    faulty = await startFaultyPlatform('pass');
    platform = await startConnectedAgent({ serverUrl: faulty.url });
    faulty.forwardTo(platform.sandbox.url);
    await platform.agent.start();
    const authorization = await platform.authorization(2);
    const list = () => fetch(`${platform!.url}/orders`, { headers: { authorization } });
    expect((await list()).status).toBe(200);

    return { faulty, platform, list };
  };
  /** Events that cannot reach the agent: the stream is cut and cannot reopen. */
  const cutEvents = async (target: FaultyPlatform, agent: ConnectedAgent) => {
    target.setMode('error', EVENTS_PATH);
    target.cutStreams();
    for (let tries = 0; tries < 50 && agent.env.connectedAgents > 0; tries += 1) await sleep(20);
    expect(agent.env.connectedAgents).toBe(0);
  };

  test('grants from its cache while the platform is unreachable for at most platformCache.maxAgeMs (5 minutes), then 503', async () => {
    const { faulty, list } = await startWarm();
    clock = controlClock();
    faulty.setMode('down');
    faulty.cutStreams();

    clock.advance(FIVE_MINUTES - 1_000);
    const before = await list();
    clock.advance(1_000);
    const after = await list();

    expect(before.status).toBe(200);
    expect(after.status).toBe(503);
    expect(after.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await after.json()).toMatchObject({ errors: [{ name: 'PlatformUnavailableError' }] });
  });

  test('stops granting within seconds once the platform refuses its secret, caches fresh and events stream open', async () => {
    const { faulty, platform, list } = await startWarm();
    expect(platform.env.connectedAgents).toBe(1);
    faulty.setMode('refuse');
    const refusedAt = performance.now();

    let response = await list();
    while (response.status === 200 && performance.now() - refusedAt < 10_000) {
      await sleep(50);
      response = await list();
    }
    const stoppedAfterMs = performance.now() - refusedAt;
    const later = await Promise.all(Array.from({ length: 20 }, () => list()));

    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ errors: [{ name: 'PlatformSecretRefusedError' }] });
    // The activity of the granted requests reaches the platform within a second: its 401 stops everything.
    expect(stoppedAfterMs).toBeLessThan(3_000);
    expect(later.map(({ status }) => status)).toEqual(Array(20).fill(500));
  });

  test('refuses a user removed on the platform within maxAgeMs although the events stream is down', async () => {
    const { faulty, platform, list } = await startWarm();
    await cutEvents(faulty, platform);
    clock = controlClock();
    platform.env.removeUser(2);

    const unaware = await list();
    clock.advance(FIVE_MINUTES);
    const refused = await list();

    expect(unaware.status).toBe(200);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      errors: [{ name: 'ForbiddenError', detail: expect.stringContaining('no longer has access') }],
    });
  });

  test('applies a permission revoked on the platform at the next refresh, without events', async () => {
    const { faulty, platform, list } = await startWarm();
    await cutEvents(faulty, platform);
    clock = controlClock();
    platform.env.deny('Editor', 'orders', 'browse');

    const unaware = await list();
    clock.advance(60_000);
    await list(); // past refreshAfterMs: answered from the cache while the refresh runs
    await sleep(200);
    const refused = await list();

    expect(unaware.status).toBe(200);
    expect(refused.status).toBe(403);
  });
});
