import { sleep } from '@platform/tooling/test-helpers';
import { type ConnectedAgent, startConnectedAgent } from './connected-agent-fixture';

describe('activity reported by a connected agent', () => {
  let platform: ConnectedAgent;
  beforeEach(async () => {
    platform = await startConnectedAgent();
    platform.env.grant('Editor', 'orders', 'delete');
    await platform.agent.start();
  });
  afterEach(() => platform.close());

  const call = async (method: string, path: string, body?: unknown) =>
    fetch(`${platform.url}${path}`, {
      method,
      headers: { authorization: await platform.authorization(2), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test('attributes reads and writes to the user, with the records they targeted', async () => {
    expect((await call('GET', '/orders')).status).toBe(200);
    expect((await call('GET', '/orders/1')).status).toBe(200);
    expect((await call('PUT', '/orders/2', { data: { amount: 5 } })).status).toBe(200);
    expect((await call('DELETE', '/orders', { ids: [1, 5] })).status).toBe(204);

    await platform.agent.stop();

    expect(platform.env.activity).toEqual([
      expect.objectContaining({
        userId: 2,
        userEmail: 'eve@example.com',
        action: 'read',
        collection: 'orders',
        recordIds: [],
      }),
      expect.objectContaining({ userId: 2, action: 'read', recordIds: ['1'] }),
      expect.objectContaining({ userId: 2, action: 'update', recordIds: ['2'] }),
      expect.objectContaining({ userId: 2, action: 'delete', recordIds: ['1', '5'] }),
    ]);
  });

  test('reports requests made with a workflow token as via workflow, those of a sign-in as via agent', async () => {
    const workflowToken = await platform.sandbox.mintUserToken(platform.envSecret, 2, { purpose: 'workflow' });
    const asWorkflow = await fetch(`${platform.url}/orders/2`, {
      headers: { authorization: `Bearer ${workflowToken}` },
    });
    expect(asWorkflow.status).toBe(200);
    expect((await call('GET', '/orders/1')).status).toBe(200);

    await platform.agent.stop();

    expect(platform.env.activity).toEqual([
      expect.objectContaining({ userId: 2, action: 'read', recordIds: ['2'], via: 'workflow' }),
      expect.objectContaining({ userId: 2, action: 'read', recordIds: ['1'], via: 'agent' }),
    ]);
  });

  test('reports nothing for a refused request', async () => {
    platform.env.deny('Editor', 'orders', 'browse');
    await sleep(200);

    expect((await call('GET', '/orders')).status).toBe(403);
    await platform.agent.stop();

    expect(platform.env.activity).toEqual([]);
  });

  test('sends batches on its own, within seconds', async () => {
    expect((await call('GET', '/orders/3')).status).toBe(404);
    expect((await call('GET', '/orders/2')).status).toBe(200);

    await sleep(1_500);

    expect(platform.env.activity.map((entry) => entry.recordIds)).toContainEqual(['2']);
  });

  test('never fails the request when the platform does not take the activity', async () => {
    await call('GET', '/orders');
    platform.env.startOutage();

    const response = await call('PUT', '/orders/2', { data: { amount: 7 } });
    await sleep(1_500);
    platform.env.endOutage();
    await platform.agent.stop();

    expect(response.status).toBe(200);
    expect(platform.logger.mock.calls.map(([, message]) => message)).toContainEqual(
      expect.stringContaining('Activity not reported yet'),
    );
    expect(platform.env.activity.map((entry) => entry.action)).toEqual(['read', 'update']);
  });
});
