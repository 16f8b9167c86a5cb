import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  createPlatformServerSandbox,
  type PlatformServerSandbox,
  type SandboxEnvironment,
} from '@platform/agent-testing';
import { createSqlDataSource } from '@platform/datasource-sql';
import { silentLogger, sleep } from '@platform/tooling/test-helpers';
import { createPostgresDatabase, describeWithService } from '@platform/tooling/test-services';
import Database from 'better-sqlite3';
import { Client as PgClient } from 'pg';
import { createAgent } from '../../../src';
import { AUTH_SECRET } from '../../factories/tokens';

/**
 * The MCP server as a client meets it: a real agent on a real database, connected to the
 * sandbox (platform permissions, scopes, activity), reached over a socket by the SDK's client
 * with platform-minted `mcp` tokens.
 */

const DDL = [
  'CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, region TEXT NOT NULL)',
  'CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), amount INTEGER NOT NULL)',
  'CREATE TABLE secrets (id INTEGER PRIMARY KEY, value TEXT NOT NULL)',
  "INSERT INTO customers (id, name, region) VALUES (1, 'Ada', 'EU'), (2, 'Bob', 'US'), (3, 'Cleo', 'EU')",
  'INSERT INTO orders (id, customer_id, amount) VALUES (10, 1, 100), (11, 1, 110), (12, 2, 120), (13, 3, 130)',
  "INSERT INTO secrets (id, value) VALUES (1, 'hidden')",
];

interface SqlTarget {
  readonly uri: string;
  query<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

async function sqlite(): Promise<SqlTarget> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mcp-sockets-'));
  const file = path.join(dir, 'shop.sqlite');
  const db = new Database(file);
  for (const statement of DDL) db.exec(statement);
  return {
    uri: `sqlite:${file}`,
    query: async <T>(sql: string) => db.prepare(sql).all() as T[],
    close: async () => {
      db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgres(): Promise<SqlTarget> {
  const database = await createPostgresDatabase('agent_mcp');
  const client = new PgClient({ connectionString: database.uri });
  await client.connect();
  for (const statement of DDL) await client.query(statement);
  return {
    uri: database.uri,
    query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    close: async () => {
      await client.end();
      await database.drop();
    },
  };
}

function describeMcpOver(kind: string, open: () => Promise<SqlTarget>): void {
  describe(`MCP tools over a socket, on ${kind}`, () => {
    let target: SqlTarget;
    let sandbox: PlatformServerSandbox;
    let env: SandboxEnvironment;
    let envSecret: string;
    let agent: ReturnType<typeof createAgent>;
    let dir: string;
    let mcpUrl: URL;
    const EDITOR = 2;

    beforeAll(async () => {
      target = await open();
      dir = await mkdtemp(path.join(tmpdir(), 'mcp-sockets-schema-'));
      sandbox = await createPlatformServerSandbox(0);
      envSecret = sandbox.addEnvironment({ agentUrl: 'http://127.0.0.1:9' });
      env = sandbox.environment(envSecret);
      env.addRendering({
        id: 2,
        team: 'EU',
        scopes: { customers: { field: 'region', operator: 'Equal', value: '{{currentUser.tags.region}}' } },
      });
      env.addUser({ id: EDITOR, email: 'eve@example.com', role: 'Editor', renderingId: 2, tags: { region: 'EU' } });
      env.grant('Editor', 'customers', 'browse', 'read', 'edit');
      env.grant('Editor', 'orders', 'browse', 'read', 'add', 'edit', 'delete');
      agent = createAgent({
        authSecret: AUTH_SECRET,
        envSecret,
        serverUrl: sandbox.url,
        port: 0,
        host: '127.0.0.1',
        schemaPath: path.join(dir, '.platform-schema.json'),
        logger: silentLogger,
      })
        .addDataSource(createSqlDataSource(target.uri))
        .mountAiMcpServer({ port: 0 });
      await agent.start();
      mcpUrl = new URL(`http://127.0.0.1:${agent.mcpServerPort}/mcp`);
    });
    afterAll(async () => {
      await agent?.stop();
      await sandbox?.close();
      await target?.close();
      await rm(dir, { recursive: true, force: true });
    });

    async function connect(scope: Array<'mcp:read' | 'mcp:write' | 'mcp:action'> = ['mcp:read', 'mcp:write']) {
      const token = await sandbox.mintUserToken(envSecret, EDITOR, { purpose: 'mcp', scope });
      const client = new Client({ name: 'sockets-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
      );
      return client;
    }

    const call = async (name: string, args: Record<string, unknown>) => {
      const client = await connect();
      try {
        return await client.callTool({ name, arguments: args });
      } finally {
        await client.close();
      }
    };
    const data = <T>(result: Awaited<ReturnType<typeof call>>) => result.structuredContent as T;

    test('lists the ten tools', async () => {
      const client = await connect();
      const { tools } = await client.listTools();
      await client.close();

      expect(tools.map((tool) => tool.name).sort()).toEqual(
        [
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
        ].sort(),
      );
    });

    test('describes only the collections the user may browse', async () => {
      const result = await call('describeCollection', {});

      const names = data<{ collections: Array<{ name: string }> }>(result).collections.map(
        (collection) => collection.name,
      );
      expect(names.sort()).toEqual(['customers', 'orders']);
    });

    test('lists within the scope of the user', async () => {
      const all = await target.query<{ id: number }>('SELECT id FROM customers');
      const result = await call('list', { collection: 'customers', sort: 'id' });

      expect(all).toHaveLength(3);
      const records = data<{ records: Array<{ id: string; record: { name: string } }> }>(result).records;
      expect(records.map((entry) => entry.record.name)).toEqual(['Ada', 'Cleo']);
    });

    test('lists the related orders of one customer, with a filter', async () => {
      const result = await call('listRelated', {
        collection: 'customers',
        id: '1',
        relation: 'orders',
        filter: { field: 'amount', operator: 'GreaterThan', value: 105 },
      });

      expect(data<{ records: Array<{ id: string }> }>(result).records.map((entry) => entry.id)).toEqual(['11']);
    });

    test('creates, updates and deletes an order, as the database shows', async () => {
      const created = await call('create', { collection: 'orders', values: { id: 20, customer_id: 3, amount: 5 } });
      const updated = await call('update', { collection: 'orders', id: '20', values: { amount: 7 } });
      const afterUpdate = await target.query<{ amount: number }>('SELECT amount FROM orders WHERE id = 20');
      const deleted = await call('delete', { collection: 'orders', ids: ['20'] });
      const afterDelete = await target.query('SELECT id FROM orders WHERE id = 20');

      expect([created.isError, updated.isError, deleted.isError]).toEqual([undefined, undefined, undefined]);
      expect(afterUpdate.map((row) => Number(row.amount))).toEqual([7]);
      expect(afterDelete).toEqual([]);
    });

    test('refuses what the role may not do, as a tool error, and changes nothing', async () => {
      const result = await call('delete', { collection: 'customers', ids: ['1'] });

      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('ForbiddenError');
      expect(await target.query('SELECT id FROM customers WHERE id = 1')).toHaveLength(1);
    });

    test('cannot update a record outside the scope', async () => {
      const result = await call('update', { collection: 'customers', id: '2', values: { name: 'Mallory' } });

      expect(result.isError).toBe(true);
      expect(await target.query<{ name: string }>('SELECT name FROM customers WHERE id = 2')).toEqual([
        { name: 'Bob' },
      ]);
    });

    test('refuses bad input with a clear tool error', async () => {
      const unknownField = await call('list', { collection: 'customers', fields: ['nmae'] });
      const unknownCollection = await call('list', { collection: 'secrets' });

      expect(unknownField.isError).toBe(true);
      expect(JSON.stringify(unknownField.content)).toMatch(/nmae/);
      expect(unknownCollection.isError).toBe(true);
    });

    test('reports each call to the activity log as coming from MCP', async () => {
      await call('list', { collection: 'orders' });
      // The agent sends its activity in batches, at least every second.
      const deadline = Date.now() + 5_000;
      while (!env.activity.some((entry) => entry.collection === 'orders') && Date.now() < deadline) {
        await sleep(50);
      }

      const fromMcp = env.activity.filter((entry) => entry.via === 'mcp');
      expect(fromMcp).toContainEqual(
        expect.objectContaining({ userId: EDITOR, action: 'read', collection: 'orders', via: 'mcp' }),
      );
      expect(env.activity.filter((entry) => entry.via !== 'mcp')).toEqual([]);
    });
  });
}

describeMcpOver('SQLite', sqlite);
describeWithService('postgres', 'PostgreSQL', () => describeMcpOver('PostgreSQL', postgres));
