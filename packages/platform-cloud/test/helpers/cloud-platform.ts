import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { introspect, openConnection } from '@platform/datasource-sql';
import { closeAgentEvents } from '@platform/platform-api/src/agent-events/agent-events';
import { createApp } from '@platform/platform-api/src/app';
import { type CloudRunner, startCloudRunner } from '@platform/platform-api/src/cloud/runner/cloud-runner';
import { RUNNER_DEFAULTS } from '@platform/platform-api/src/cloud/runner/runner-options';
import { storeIntrospection } from '@platform/platform-api/src/cloud/runner/runner-store';
import type { AppContext } from '@platform/platform-api/src/context';
import { type RunningServer, serveWithUrl } from '@platform/platform-api/src/http/serve';
import { type AgentWorld, seedAgentWorld } from '@platform/platform-api/test/factories/agent-factory';
import { runCliInContext } from '@platform/platform-api/test/helpers/cli-database';
import { freePort } from '@platform/platform-api/test/helpers/free-port';
import { createTestContext, type TestContext } from '@platform/platform-api/test/helpers/test-context';
import Database from 'better-sqlite3';

/** The password of every seeded user (platform-api's user factory). */
export const PASSWORD = 'correct-password';

const platformApiDir = path.dirname(require.resolve('@platform/platform-api/package.json'));

/**
 * A real platform-api (its source, on an in-memory PGlite copy of the migrated template) on a
 * socket, with a project whose `production` environment is a cloud environment on a SQLite file
 * (`orders`: id, region, amount). `startRunner` hosts its agent as `platform-api cloud-runner`
 * does, in-process, its child running from source (through tsx) like platform-api's own tests.
 */
export interface CloudTestPlatform {
  readonly url: string;
  readonly context: AppContext;
  /** admin (Admin), member (Editor in a team), outsider (Editor): platform-api's agent world. */
  readonly world: AgentWorld;
  /** The environment secret `cloud enable` printed. */
  readonly environmentSecret: string;
  readonly environmentId: number;
  readonly sqliteFile: string;
  /** Runs SQL on the hosted agent's SQLite database. */
  sql(statement: string): void;
  /** Stores the introspection of the SQLite file, as the hosted agent does when it starts. */
  storeIntrospection(): Promise<void>;
  startRunner(): Promise<CloudRunner>;
  /** A GET on the hosted agent as the project's Admin. */
  agentGet(route: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startCloudTestPlatform(): Promise<CloudTestPlatform> {
  // A one-second device poll interval keeps each login short (the default is 5 s).
  const test: TestContext = await createTestContext('pglite', {
    env: { PLATFORM_CLOUD_DEVICE_POLL_INTERVAL_SECONDS: '1' },
  });
  // As `start` does: the public URL (the device page's link) names the bound port.
  let context = test.context;
  const server: RunningServer = await serveWithUrl(
    (url) => {
      context = { ...test.context, config: { ...test.context.config, publicUrl: url } };
      return createApp(context);
    },
    { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 2_000 },
  );
  const world = await seedAgentWorld(context, { agentUrl: 'http://unset.example.test' });
  // The admin reads the hosted agent in the tests: a user needs a team with a rendering of the environment.
  await context.prisma.teamMembership.create({ data: { teamId: world.team.id, userId: world.admin.id } });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-cloud-e2e-'));
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
  // As an operator does it: `platform-api cloud enable`, which prints the environment secret once.
  const enabled = await runCliInContext(
    context,
    ['cloud', 'enable', world.project.name, world.environment.name, '--database-url', `sqlite:${sqliteFile}`, '--json'],
    { PLATFORM_DATA_DIR: ':memory:' },
  );
  if (enabled.exitCode !== 0) throw new Error(`platform-api cloud enable failed: ${enabled.stderr}`);
  const { environmentSecret } = enabled.json<{ environmentSecret: string }>();
  const environmentId = world.environment.id;
  const runners: CloudRunner[] = [];

  return {
    url: server.url,
    get context() {
      return context;
    },
    world,
    environmentSecret,
    environmentId,
    sqliteFile,
    sql,
    async storeIntrospection() {
      const connection = await openConnection(`sqlite:${sqliteFile}`);
      try {
        await storeIntrospection(context, environmentId, await introspect(connection.db, connection.dialect));
      } finally {
        await connection.close();
      }
    },
    async startRunner() {
      const platformApiRequire = createRequire(path.join(platformApiDir, 'package.json'));
      const runner = await startCloudRunner(context, {
        ...RUNNER_DEFAULTS,
        host: '127.0.0.1',
        portBase: await freePort(),
        agentUrlTemplate: undefined,
        pollIntervalMs: 200,
        platformUrl: server.url,
        agentPrefix: '/platform',
        childEntry: {
          path: path.join(platformApiDir, 'src', 'cloud', 'runner', 'child', 'cloud-agent-main.ts'),
          execArgv: ['--require', platformApiRequire.resolve('tsx/cjs'), '--conditions=@platform/source'],
        },
        stopGraceMs: 5_000,
        restartDelayMs: 200,
        maxRestartDelayMs: 2_000,
      });
      runners.push(runner);
      return runner;
    },
    async agentGet(route) {
      const { mintUserToken } = await import('@platform/platform-api/src/agents/mint-user-token');
      const token = await mintUserToken(context, { userId: world.admin.id, environmentId, purpose: 'workflow' });
      const environment = await context.prisma.environment.findUniqueOrThrow({ where: { id: environmentId } });
      return fetch(`${environment.agentUrl}/platform${route}`, {
        headers: { authorization: `Bearer ${token}`, connection: 'close' },
      });
    },
    async close() {
      for (const runner of runners) await runner.close();
      const stopping = server.close();
      await closeAgentEvents(context);
      await stopping;
      await test.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
