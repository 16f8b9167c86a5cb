import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createPlatformServerSandbox,
  type PlatformServerSandbox,
  type SandboxEnvironment,
} from '@platform/agent-testing';
import { createSqlDataSource } from '@platform/datasource-sql';
import type { Logger } from '@platform/datasource-toolkit';
import Database from 'better-sqlite3';
import { type AgentOptions, createAgent } from '../../src';
import { AUTH_SECRET, makeClaims, signToken } from '../factories/tokens';

/** Orders of two regions: the EU team's scope keeps only theirs. */
export const ORDERS = [
  { id: 1, region: 'EU', amount: 10 },
  { id: 2, region: 'EU', amount: 20 },
  { id: 3, region: 'US', amount: 30 },
  { id: 4, region: 'US', amount: 40 },
  { id: 5, region: 'EU', amount: 50 },
];

export interface ConnectedAgent {
  readonly sandbox: PlatformServerSandbox;
  readonly env: SandboxEnvironment;
  readonly envSecret: string;
  readonly url: string;
  readonly schemaPath: string;
  readonly logger: jest.Mock<void, Parameters<Logger>>;
  readonly agent: ReturnType<typeof createAgent>;
  /** Rows as stored, read with plain SQL (no scope, no permission). */
  readonly readOrders: () => Array<{ id: number; region: string; amount: number }>;
  /** `Authorization` header of a token for a sandbox user. */
  authorization(userId: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real agent over SQLite connected to a sandbox. The sandbox has an `Editor` (user 2, team
 * EU, rendering 2 scoped to its region tag) granted browse/read/edit/export on `orders`.
 */
export async function startConnectedAgent(
  overrides: Partial<AgentOptions> = {},
  environment: { agentUrl?: string } = {},
): Promise<ConnectedAgent> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-platform-'));
  const file = path.join(dir, 'orders.sqlite');
  const db = new Database(file);
  db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, region TEXT NOT NULL, amount INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO orders (id, region, amount) VALUES (?, ?, ?)');
  for (const order of ORDERS) insert.run(order.id, order.region, order.amount);
  db.close();

  const sandbox = await createPlatformServerSandbox(0);
  const envSecret = sandbox.addEnvironment(environment);
  const env = sandbox.environment(envSecret);
  env.addRendering({
    id: 2,
    team: 'EU',
    scopes: { orders: { field: 'region', operator: 'Equal', value: '{{currentUser.tags.region}}' } },
  });
  env.addUser({ id: 2, email: 'eve@example.com', role: 'Editor', renderingId: 2, tags: { region: 'EU' } });
  env.grant('Editor', 'orders', 'browse', 'read', 'edit', 'export');

  const logger = jest.fn<void, Parameters<Logger>>();
  const schemaPath = path.join(dir, '.platform-schema.json');
  const agent = createAgent({
    authSecret: AUTH_SECRET,
    envSecret,
    serverUrl: sandbox.url,
    port: 0,
    schemaPath,
    logger,
    loggerLevel: 'Debug',
    ...overrides,
  }).addDataSource(createSqlDataSource(`sqlite:${file}`));

  return {
    sandbox,
    env,
    envSecret,
    agent,
    logger,
    schemaPath,
    get url() {
      return `http://127.0.0.1:${agent.standaloneServerPort}/platform`;
    },
    readOrders: () => {
      const reader = new Database(file, { readonly: true });
      try {
        return reader.prepare('SELECT id, region, amount FROM orders ORDER BY id').all() as ReturnType<
          ConnectedAgent['readOrders']
        >;
      } finally {
        reader.close();
      }
    },
    async authorization(userId) {
      const user = env.getUser(userId);
      // The token's role is deliberately stale: the agent must use the platform's.
      const claims = makeClaims({ ...user, role: 'User' });
      return `Bearer ${await signToken({ claims })}`;
    },
    async close() {
      await agent.stop();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A port free now (for a server started later on purpose). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));

  return port;
}
