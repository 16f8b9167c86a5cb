import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { closeAgentEvents } from '../../../src/agent-events/agent-events';
import { mintUserToken } from '../../../src/agents/mint-user-token';
import type { ChildEntry } from '../../../src/cloud/runner/agent-child';
import { type CloudRunner, startCloudRunner } from '../../../src/cloud/runner/cloud-runner';
import { builtChildEntry, type CloudRunnerOptions, RUNNER_DEFAULTS } from '../../../src/cloud/runner/runner-options';
import type { CloudBundle, CloudLogLine } from '../../../src/generated/prisma/client';
import { type RunningServer, serve } from '../../../src/http/serve';
import { type AgentWorld, seedAgentWorld } from '../../factories/agent-factory';
import { freePort } from '../../helpers/free-port';
import { sleep } from '../../helpers/sleep';
import { createTestContext, type TestContext } from '../../helpers/test-context';
import { seedCloudEnvironment } from './cloud-factory';

export const AUTH_SECRET = 'cloud-runner-auth-secret-of-32-characters!!';

/**
 * The child entry in TypeScript, run through tsx, with the workspace packages resolved to their
 * sources (as jest resolves them), so that the tests need no build. PLATFORM_TEST_CLOUD_AGENT=dist
 * runs the built dist/cloud-agent.cjs instead (after `pnpm build`), as `platform-api cloud-runner` does.
 */
export function sourceChildEntry(): ChildEntry {
  if (process.env.PLATFORM_TEST_CLOUD_AGENT === 'dist') return builtChildEntry();
  return {
    path: path.resolve(__dirname, '../../../src/cloud/runner/child/cloud-agent-main.ts'),
    execArgv: ['--require', require.resolve('tsx/cjs'), '--conditions=@platform/source'],
  };
}

export interface RunnerHarness {
  readonly platform: TestContext;
  readonly server: RunningServer;
  readonly world: AgentWorld;
  readonly environmentId: number;
  /** The SQLite database the hosted agent serves (table `orders`: id, region, amount). */
  readonly sqliteFile: string;
  readonly dir: string;
  /** Starts the runner (in-process) with the test's options; `close` stops it. */
  startRunner(overrides?: Partial<CloudRunnerOptions>): Promise<CloudRunner>;
  /** The hosted agent's origin, as the runner stored it in the environment's agent URL. */
  agentOrigin(): Promise<string>;
  /**
   * GET on the hosted agent with a token the platform minted for the project's Admin, on a new
   * connection: a kept-alive one may still be the previous generation's, which finishes it.
   */
  get(route: string): Promise<HttpAnswer>;
  bundle(version: number): Promise<CloudBundle | null>;
  logLines(): Promise<CloudLogLine[]>;
  sql(statement: string): void;
  close(): Promise<void>;
}

/**
 * A platform-api on PGlite served on a socket, a project whose environment is a cloud environment
 * on a SQLite file (or `options.connection`), and the runner to host its agent.
 */
export async function createRunnerHarness(options: { readonly connection?: unknown } = {}): Promise<RunnerHarness> {
  const platform = await createTestContext('pglite');
  const server = await serve(platform.app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 2_000 });
  const world = await seedAgentWorld(platform.context, { agentUrl: 'http://unset.example.test' });
  await platform.context.prisma.teamMembership.create({ data: { teamId: world.team.id, userId: world.admin.id } });
  const dir = await mkdtemp(path.join(tmpdir(), 'cloud-runner-'));
  const sqliteFile = path.join(dir, 'shop.sqlite');
  const sql = (statement: string) => {
    const db = new Database(sqliteFile);
    try {
      db.exec(statement);
    } finally {
      db.close();
    }
  };
  sql(`CREATE TABLE orders (id INTEGER PRIMARY KEY, region TEXT NOT NULL, amount INTEGER NOT NULL);
       INSERT INTO orders VALUES (1, 'EU', 10), (2, 'US', 20), (3, 'EU', 30);`);
  const environmentId = world.environment.id;
  await seedCloudEnvironment(platform.context, {
    environmentId,
    connection: options.connection ?? { uri: `sqlite:${sqliteFile}` },
    envSecret: world.envSecret,
    authSecret: AUTH_SECRET,
  });

  const runners: CloudRunner[] = [];
  let token: string | undefined;
  const agentOrigin = async () => {
    const environment = await platform.context.prisma.environment.findUniqueOrThrow({ where: { id: environmentId } });
    return environment.agentUrl ?? '';
  };

  return {
    platform,
    server,
    world,
    environmentId,
    sqliteFile,
    dir,
    sql,
    async startRunner(overrides = {}) {
      const runner = await startCloudRunner(platform.context, {
        ...RUNNER_DEFAULTS,
        host: '127.0.0.1',
        portBase: await freePort(),
        agentUrlTemplate: undefined,
        pollIntervalMs: 100,
        platformUrl: server.url,
        agentPrefix: '/platform',
        childEntry: sourceChildEntry(),
        stopGraceMs: 5_000,
        restartDelayMs: 100,
        maxRestartDelayMs: 1_000,
        // A test that breaks fails in seconds, not after the production wait.
        connectionWaitMs: 10_000,
        ...overrides,
      });
      runners.push(runner);
      return runner;
    },
    agentOrigin,
    async get(route) {
      token ??= await mintUserToken(platform.context, { userId: world.admin.id, environmentId, purpose: 'workflow' });
      return getOnNewConnection(`${await agentOrigin()}/platform${route}`, { authorization: `Bearer ${token}` });
    },
    bundle: (version) =>
      platform.context.prisma.cloudBundle.findUnique({ where: { environmentId_version: { environmentId, version } } }),
    logLines: () => platform.context.prisma.cloudLogLine.findMany({ where: { environmentId }, orderBy: { id: 'asc' } }),
    async close() {
      for (const runner of runners) await runner.close();
      const stopping = server.close();
      await closeAgentEvents(platform.context);
      await stopping;
      await platform.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Reads `read()` until `isDone` holds of its value, for up to `withinMs`; resolves to the last value
 * read, which the test then asserts on (so a slow machine fails on the assertion, not on a timer).
 */
export async function eventually<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  withinMs = 30_000,
): Promise<T> {
  const startedAt = Date.now();
  let value = await read();
  while (!isDone(value) && Date.now() - startedAt < withinMs) {
    await sleep(50);
    value = await read();
  }
  return value;
}

export interface HttpAnswer {
  readonly status: number;
  json(): Promise<unknown>;
}

/** A GET on a connection of its own, closed after the answer (fetch would reuse a pooled one). */
export function getOnNewConnection(url: string, headers: Readonly<Record<string, string>>): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { ...headers, connection: 'close' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, json: async () => JSON.parse(text) as unknown });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
