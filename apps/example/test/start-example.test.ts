import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDevelopmentUserToken } from '@platform/agent';
import { createPlatformServerSandbox, type PlatformServerSandbox } from '@platform/agent-testing';
import Database from 'better-sqlite3';
import { type RunningExample, startExample } from '../src/start-example';

const AUTH_SECRET = 'example-test-auth-secret-of-32-characters';
const silent = () => undefined;

describe('the example agent', () => {
  let dataDir: string;
  let example: RunningExample | undefined;
  let token: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'platform-example-'));
    token = await createDevelopmentUserToken({ authSecret: AUTH_SECRET });
  });
  afterEach(async () => {
    await example?.stop();
    example = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as { data: Array<Record<string, unknown>> } };
  };

  test('offline, it serves the sample customers with their computed full name', async () => {
    example = await startExample({ dataDir, port: 0, host: '127.0.0.1', authSecret: AUTH_SECRET, logger: silent });

    const { status, body } = await get(`${example.url}/customers?sort=id&fields[customers]=id,fullName`);

    expect(example.isOffline).toBe(true);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toEqual({ id: 1, fullName: 'Ada Lovelace' });
  });

  test('its segment and action work on the orders', async () => {
    example = await startExample({ dataDir, port: 0, host: '127.0.0.1', authSecret: AUTH_SECRET, logger: silent });
    const toShip = await get(`${example.url}/orders?segment=To%20ship`);
    expect(toShip.body.data.length).toBeGreaterThan(0);
    expect(toShip.body.data.every((order) => order.status === 'paid')).toBe(true);

    const ids = toShip.body.data.map((order) => order.id);
    const response = await fetch(`${example.url}/_actions/orders/0/mark-as-shipped`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: ids.map(String) }),
    });

    expect(response.status).toBe(200);
    expect((await get(`${example.url}/orders?segment=To%20ship`)).body.data).toHaveLength(0);
  });

  test('a second start keeps the data changed through the agent', async () => {
    example = await startExample({ dataDir, port: 0, host: '127.0.0.1', authSecret: AUTH_SECRET, logger: silent });
    await example.stop();
    const db = new Database(path.join(dataDir, 'example.sqlite'));
    db.prepare("UPDATE customers SET first_name = 'Augusta Ada' WHERE id = 1").run();
    db.close();

    example = await startExample({ dataDir, port: 0, host: '127.0.0.1', authSecret: AUTH_SECRET, logger: silent });
    const { body } = await get(`${example.url}/customers/1`);

    expect(body.data).toMatchObject({ fullName: 'Augusta Ada Lovelace' });
  });

  describe('with an environment secret', () => {
    let sandbox: PlatformServerSandbox;
    beforeAll(async () => {
      sandbox = await createPlatformServerSandbox(0);
    });
    afterAll(() => sandbox.close());

    test('connects to the platform and uploads its schema', async () => {
      const envSecret = sandbox.addEnvironment();

      example = await startExample({
        dataDir,
        port: 0,
        host: '127.0.0.1',
        authSecret: AUTH_SECRET,
        envSecret,
        serverUrl: sandbox.url,
        logger: silent,
      });

      expect(example.isOffline).toBe(false);
      const [schema] = sandbox.environment(envSecret).uploadedSchemas as Array<{
        collections: Array<{ name: string }>;
      }>;
      expect(schema?.collections.map((collection) => collection.name).sort()).toEqual(['customers', 'orders']);
    });
  });
});
