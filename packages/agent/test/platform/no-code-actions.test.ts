import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPlatformServerSandbox } from '@platform/agent-testing';
import { sleep } from '@platform/tooling/test-helpers';
import { type ConnectedAgent, freePort, startConnectedAgent } from './connected-agent-fixture';

describe('experimental no-code actions', () => {
  let platform: ConnectedAgent;
  let webhook: Server;
  let received: unknown[];
  let webhookUrl: string;

  beforeEach(async () => {
    received = [];
    webhook = createServer(async (req: IncomingMessage, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      received.push(JSON.parse(body));
      res.writeHead(204).end();
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => webhook.once('listening', resolve));
    webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`;
    platform = await startConnectedAgent({ experimental: { noCodeCustomizations: true } });
    platform.env.setNoCodeActions([
      { type: 'update-record', collection: 'orders', name: 'Zero amount', scope: 'Bulk', values: { amount: 0 } },
    ]);
  });
  afterEach(async () => {
    await platform.close();
    await new Promise((resolve) => webhook.close(resolve));
  });

  const run = async (slugPath: string, body: unknown, userId = 1) =>
    fetch(`${platform.url}/_actions/orders/${slugPath}`, {
      method: 'POST',
      headers: { authorization: await platform.authorization(userId), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('adds the actions defined on the platform at start, and an update-record sets the fields', async () => {
    await platform.agent.start();

    const response = await run('0/zero-amount', { ids: [1, 2] });

    expect(response.status).toBe(200);
    expect(platform.readOrders().map((order) => order.amount)).toEqual([0, 0, 30, 40, 50]);
    expect(platform.env.uploadedSchemas[0]?.collections[0]?.actions.map((action) => action.name)).toEqual([
      'Zero amount',
    ]);
  });

  test('keeps an update-record action within the scope of the caller', async () => {
    platform.env.grant('Editor', 'orders', { action: 'Zero amount' });
    await platform.agent.start();

    const response = await run('0/zero-amount', { allRecords: true }, 2);

    expect(response.status).toBe(200);
    expect(
      platform
        .readOrders()
        .filter((order) => order.region === 'US')
        .map((order) => order.amount),
    ).toEqual([30, 40]);
    expect(
      platform
        .readOrders()
        .filter((order) => order.region === 'EU')
        .map((order) => order.amount),
    ).toEqual([0, 0, 0]);
  });

  test('adds an action created later on the platform, on its event', async () => {
    await platform.agent.start();

    platform.env.setNoCodeActions([
      { type: 'update-record', collection: 'orders', name: 'Zero amount', scope: 'Bulk', values: { amount: 0 } },
      { type: 'webhook', collection: 'orders', name: 'Notify', scope: 'Single', url: webhookUrl },
    ]);
    let status = 0;
    for (let tries = 0; tries < 50 && status !== 200; tries += 1) {
      await sleep(100);
      status = (await run('1/notify', { ids: [3] })).status;
    }

    expect(status).toBe(200);
    expect(received).toEqual([
      { collection: 'orders', action: 'Notify', recordIds: [3], caller: { id: 1, email: 'admin@example.com' } },
    ]);
  });

  test('generateSchemaOnly fetches them into the schema file', async () => {
    await platform.agent.generateSchemaOnly();

    const schema = JSON.parse(await readFile(platform.schemaPath, 'utf8')) as {
      collections: Array<{ actions: Array<{ name: string }> }>;
    };

    expect(schema.collections[0]?.actions.map((action) => action.name)).toEqual(['Zero amount']);
    expect(platform.env.requestCounts).toEqual({ customizations: 1 });
  });
});

describe('generateSchemaOnly without no-code actions', () => {
  test('contacts nobody', async () => {
    const platform = await startConnectedAgent();
    try {
      await platform.agent.generateSchemaOnly();

      expect(JSON.parse(await readFile(platform.schemaPath, 'utf8')).collections).toHaveLength(1);
      expect(platform.env.requestCounts).toEqual({});
    } finally {
      await platform.close();
    }
  });
});

describe('no-code actions of a platform down at start', () => {
  test('are added once the platform answers', async () => {
    const port = await freePort();
    const platform = await startConnectedAgent({
      serverUrl: `http://127.0.0.1:${port}`,
      experimental: { noCodeCustomizations: true },
    });
    try {
      await platform.agent.start();
      const later = await createPlatformServerSandbox(port);
      try {
        const secret = later.addEnvironment({ envSecret: platform.envSecret });
        later
          .environment(secret)
          .setNoCodeActions([
            { type: 'update-record', collection: 'orders', name: 'Zero amount', scope: 'Bulk', values: { amount: 0 } },
          ]);
        const authorization = await platform.authorization(1);
        let status = 0;
        for (let tries = 0; tries < 150 && status !== 200; tries += 1) {
          await sleep(100);
          status = (
            await fetch(`${platform.url}/_actions/orders/0/zero-amount`, {
              method: 'POST',
              headers: { authorization, 'content-type': 'application/json' },
              body: JSON.stringify({ ids: [4] }),
            })
          ).status;
        }

        expect(status).toBe(200);
        expect(platform.readOrders().find((order) => order.id === 4)?.amount).toBe(0);
      } finally {
        await platform.agent.stop();
        await later.close();
      }
    } finally {
      await platform.close();
    }
  }, 30_000);
});
