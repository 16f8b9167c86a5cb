import { sleep } from '@platform/tooling/test-helpers';
import { type ConnectedAgent, startConnectedAgent } from './connected-agent-fixture';

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

describe('the events stream of a connected agent', () => {
  let platform: ConnectedAgent;
  beforeEach(async () => {
    platform = await startConnectedAgent();
    await platform.agent.start();
  });
  afterEach(() => platform.close());

  test('is open while the agent runs and closed by stop()', async () => {
    expect(await waitFor(() => platform.env.connectedAgents === 1, 2_000)).toBe(true);

    await platform.agent.stop();

    expect(await waitFor(() => platform.env.connectedAgents === 0, 2_000)).toBe(true);
  });

  test('reconnects after the platform comes back, and flushes what changed meanwhile', async () => {
    const authorization = await platform.authorization(2);
    const list = () => fetch(`${platform.url}/orders`, { headers: { authorization } });
    expect((await list()).status).toBe(200);
    expect(await waitFor(() => platform.env.connectedAgents === 1, 2_000)).toBe(true);

    platform.env.startOutage();
    platform.env.deny('Editor', 'orders', 'browse');
    expect(platform.env.connectedAgents).toBe(0);
    expect((await list()).status).toBe(200);
    platform.env.endOutage();

    expect(await waitFor(async () => (await list()).status === 403, 5_000)).toBe(true);
    expect(platform.env.connectedAgents).toBe(1);
    expect(platform.logger.mock.calls.map(([, message]) => message)).toContainEqual(
      expect.stringContaining('events stream is down'),
    );
  });
});
