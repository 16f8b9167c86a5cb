import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPlatformServerSandbox, type PlatformServerSandbox } from '@platform/agent-testing';
import Database from 'better-sqlite3';
import { type ExampleOptions, type RunningExample, startExample } from '../src/start-example';
import { startFakeOpenAi } from './factories/fake-openai';
import { writeFirstSample } from './factories/first-sample';
import { mcpRequest, toolNames } from './factories/mcp-request';
import { AUTH_SECRET, developmentToken } from './factories/tokens';

const TOOLS = [
  'associate',
  'create',
  'delete',
  'describeCollection',
  'dissociate',
  'executeAction',
  'getActionForm',
  'list',
  'listRelated',
  'update',
];

describe('the example agent', () => {
  let dataDir: string;
  let example: RunningExample | undefined;
  let token: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'platform-example-'));
    token = await developmentToken();
  });
  afterEach(async () => {
    await example?.stop();
    example = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async (options: Partial<ExampleOptions> = {}) => {
    example = await startExample({
      dataDir,
      port: 0,
      host: '127.0.0.1',
      authSecret: AUTH_SECRET,
      logger: () => undefined,
      ...options,
    });
    return example;
  };
  const get = async (url: string) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  describe('offline', () => {
    test('generates the sample on first start and serves it', async () => {
      const { url, isOffline, sample } = await start();

      const { status, body } = await get(`${url}/orders/count`);

      expect(isOffline).toBe(true);
      expect(sample.outcome).toBe('created');
      expect(status).toBe(200);
      expect(body).toEqual({ meta: { count: 30_000 } });
    });

    test('replaces a sample of the first version instead of failing on its missing tables', async () => {
      writeFirstSample(path.join(dataDir, 'example.sqlite'));

      const { url, sample } = await start();

      expect(sample.outcome).toBe('replaced');
      expect((await get(`${url}/order_items/count`)).body).toEqual({ meta: { count: 75_249 } });
    });

    test('a second start keeps the data changed in between', async () => {
      await (await start()).stop();
      const db = new Database(path.join(dataDir, 'example.sqlite'));
      db.prepare("UPDATE customers SET first_name = 'Augusta Ada' WHERE id = 1").run();
      const lastName = db.prepare('SELECT last_name FROM customers WHERE id = 1').pluck().get();
      db.close();

      const { url, sample } = await start();

      expect(sample.outcome).toBe('kept');
      expect((await get(`${url}/customers/1`)).body.data).toMatchObject({ fullName: `Augusta Ada ${lastName}` });
    });

    test('its MCP server takes a development token', async () => {
      const { mcpUrl } = await start();

      const { status, body } = await mcpRequest(mcpUrl, token, 'tools/list');

      expect(status).toBe(200);
      expect(toolNames(body)).toEqual(TOOLS);
    });

    test('its MCP server refuses a call without a token', async () => {
      const { mcpUrl } = await start();

      const { status } = await mcpRequest(mcpUrl, undefined, 'tools/list');

      expect(status).toBe(401);
    });

    test('serves no AI route without an AI provider', async () => {
      const { url, hasAi } = await start();

      const { status } = await get(`${url}/_internal/ai-proxy/tools`);

      expect(hasAi).toBe(false);
      expect(status).toBe(404);
    });

    test('answers AI queries with the provider it is given', async () => {
      const openAi = await startFakeOpenAi('There are 2,000 customers.');
      try {
        const { url, hasAi } = await start({
          ai: { name: 'default', provider: 'openai', apiKey: 'sk-test', model: 'gpt-test', baseUrl: openAi.baseUrl },
        });

        const response = await fetch(`${url}/_internal/ai-proxy/ai-query`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ role: 'user', content: 'How many customers?' }], tools: [] }),
        });

        expect(hasAi).toBe(true);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({
          choices: [{ message: { content: 'There are 2,000 customers.' } }],
        });
        expect(openAi.requests).toHaveLength(1);
      } finally {
        await openAi.close();
      }
    });
  });

  describe('with an environment secret', () => {
    let sandbox: PlatformServerSandbox;
    beforeAll(async () => {
      sandbox = await createPlatformServerSandbox(0);
    });
    afterAll(() => sandbox.close());

    test('connects to the platform and uploads the schema of the four tables', async () => {
      const envSecret = sandbox.addEnvironment();

      const { isOffline } = await start({ envSecret, serverUrl: sandbox.url });

      expect(isOffline).toBe(false);
      const [schema] = sandbox.environment(envSecret).uploadedSchemas as Array<{
        collections: Array<{ name: string }>;
      }>;
      expect(schema?.collections.map((collection) => collection.name).sort()).toEqual([
        'customers',
        'order_items',
        'orders',
        'products',
      ]);
    });

    test('its MCP server lists the tools to a client holding a platform MCP token', async () => {
      const envSecret = sandbox.addEnvironment();
      const { mcpUrl } = await start({ envSecret, serverUrl: sandbox.url });
      const mcpToken = await sandbox.mintUserToken(envSecret, 1, { purpose: 'mcp', scope: ['mcp:read'] });

      const { status, body } = await mcpRequest(mcpUrl, mcpToken, 'tools/list');

      expect(status).toBe(200);
      expect(toolNames(body)).toEqual(TOOLS);
    });

    test('its MCP tools see the customizations', async () => {
      const envSecret = sandbox.addEnvironment();
      const { mcpUrl } = await start({ envSecret, serverUrl: sandbox.url });
      const mcpToken = await sandbox.mintUserToken(envSecret, 1, { purpose: 'mcp', scope: ['mcp:read'] });

      const { body } = await mcpRequest(mcpUrl, mcpToken, 'tools/call', {
        name: 'list',
        arguments: {
          collection: 'orders',
          segment: 'To ship',
          fields: ['id', 'status', 'total'],
          page: { number: 1, size: 3 },
        },
      });

      const { records } = (body.result?.structuredContent ?? {}) as {
        records?: Array<{ record: Record<string, unknown> }>;
      };
      expect(records).toHaveLength(3);
      expect(records?.every(({ record }) => record.status === 'paid' && typeof record.total === 'number')).toBe(true);
    });
  });
});
