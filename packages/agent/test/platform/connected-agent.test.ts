import { sleep } from '@platform/tooling/test-helpers';
import { type ConnectedAgent, ORDERS, startConnectedAgent } from './connected-agent-fixture';

describe('an agent connected to the platform', () => {
  let platform: ConnectedAgent;
  beforeEach(async () => {
    platform = await startConnectedAgent();
    await platform.agent.start();
  });
  afterEach(() => platform.close());

  const get = async (path: string, userId = 2) =>
    fetch(`${platform.url}${path}`, { headers: { authorization: await platform.authorization(userId) } });
  const send = async (method: string, path: string, body: unknown, userId = 2) =>
    fetch(`${platform.url}${path}`, {
      method,
      headers: { authorization: await platform.authorization(userId), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('checks its schema hash, then uploads the schema only once', async () => {
    await platform.agent.restart();

    expect(platform.env.checkedSchemaHashes).toHaveLength(2);
    expect(platform.env.uploadedSchemas).toHaveLength(1);
    expect(platform.env.uploadedSchemas[0]?.collections.map((collection) => collection.name)).toEqual(['orders']);
  });

  test('refuses a delete the role is denied, with 403, and deletes nothing', async () => {
    const response = await send('DELETE', '/orders/1', {});

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ errors: [{ name: 'ForbiddenError', status: 403 }] });
    expect(platform.readOrders().map((order) => order.id)).toContain(1);
  });

  test('uses the role of the platform, not the one in the token', async () => {
    platform.env.deny('Editor', 'orders', 'browse');
    await sleep(200);

    expect((await get('/orders')).status).toBe(403);
  });

  test('refuses a user the platform no longer lists (revoked)', async () => {
    const authorization = await platform.authorization(2);
    const list = () => fetch(`${platform.url}/orders`, { headers: { authorization } });
    expect((await list()).status).toBe(200);
    platform.env.removeUser(2);
    await sleep(200);

    const response = await list();

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      errors: [{ detail: expect.stringContaining('no longer has access') }],
    });
  });

  test('denies by default a collection no right was granted on', async () => {
    platform.env.setRole({ role: 'Editor', allowsEverything: false, collections: {}, charts: false });
    await sleep(200);

    expect((await get('/orders')).status).toBe(403);
  });

  test('applies an event to a cached permission within a second', async () => {
    expect((await send('DELETE', '/orders/1', {})).status).toBe(403);

    platform.env.grant('Editor', 'orders', 'delete');
    const grantedAt = Date.now();
    let status = 0;
    while (Date.now() - grantedAt < 1000 && status !== 204) {
      status = (await send('DELETE', '/orders/1', {})).status;
      if (status !== 204) await sleep(20);
    }

    expect(status).toBe(204);
    expect(platform.readOrders().map((order) => order.id)).not.toContain(1);
  });

  describe('scope of the team', () => {
    const euIds = ORDERS.filter((order) => order.region === 'EU').map((order) => order.id);

    test('restricts the rows listed and counted', async () => {
      expect(platform.readOrders().some((order) => order.region === 'US')).toBe(true);

      const list = (await (await get('/orders')).json()) as { data: Array<{ id: number }> };
      const count = await (await get('/orders/count')).json();

      expect(list.data.map((order) => order.id)).toEqual(euIds);
      expect(count).toEqual({ meta: { count: euIds.length } });
    });

    test('restricts the rows exported', async () => {
      const csv = await (await get('/orders.csv?fields[orders]=id,region')).text();

      expect(csv).toContain('EU');
      expect(csv).not.toContain('US');
    });

    test('keeps an out-of-scope record from being read or updated', async () => {
      expect((await get('/orders/3')).status).toBe(404);

      const response = await send('PUT', '/orders/3', { data: { amount: 999 } });

      expect(response.status).toBe(404);
      expect(platform.readOrders().find((order) => order.id === 3)?.amount).toBe(30);
      expect((await send('PUT', '/orders/2', { data: { amount: 999 } })).status).toBe(200);
      expect(platform.readOrders().find((order) => order.id === 2)?.amount).toBe(999);
    });

    test('keeps out-of-scope records from being deleted, one or all', async () => {
      platform.env.grant('Editor', 'orders', 'delete');
      await sleep(200);

      expect((await send('DELETE', '/orders/3', {})).status).toBe(404);
      expect((await send('DELETE', '/orders', { allRecords: true })).status).toBe(204);

      expect(platform.readOrders().map((order) => order.region)).toEqual(['US', 'US']);
    });
  });
});

describe('charts and actions of a connected agent', () => {
  let platform: ConnectedAgent;
  beforeEach(async () => {
    platform = await startConnectedAgent();
    platform.agent
      .addChart('orderCount', async (_context, resultBuilder) => resultBuilder.value(ORDERS.length))
      .customizeCollection('orders', (orders) =>
        orders.addAction('Archive', {
          scope: 'Single',
          execute: (_context, resultBuilder) => resultBuilder.success('ok'),
        }),
      );
    await platform.agent.start();
  });
  afterEach(() => platform.close());

  const post = async (path: string, body: unknown, userId = 2) =>
    fetch(`${platform.url}${path}`, {
      method: 'POST',
      headers: { authorization: await platform.authorization(userId), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('runs charts only for roles allowed charts', async () => {
    expect((await post('/_charts/orderCount', {}, 1)).status).toBe(200);
    expect((await post('/_charts/orderCount', {})).status).toBe(403);

    platform.env.setCharts('Editor', true);
    await sleep(200);

    expect((await post('/_charts/orderCount', {})).status).toBe(200);
  });

  test('triggers an action only when the role is granted it', async () => {
    expect((await post('/_actions/orders/0/archive', { ids: [1] })).status).toBe(403);

    platform.env.grant('Editor', 'orders', { action: 'Archive' });
    await sleep(200);

    expect((await post('/_actions/orders/0/archive', { ids: [1] })).status).toBe(200);
    expect((await post('/_actions/orders/0/archive', { ids: [3] })).status).toBe(404);
  });
});
