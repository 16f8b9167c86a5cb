import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EVENTS_HEARTBEAT_SECONDS, EVENTS_PATH, SECRET_HEADER } from '@platform/platform-contract';
import { openEventStream } from '@platform/platform-contract/testing';
import { describeWithService } from '@platform/tooling/test-services';
import { addNoCodeAction } from '../../src/agents/no-code-actions-admin';
import { grantCollectionRights } from '../../src/agents/permissions-admin';
import { loadConfig } from '../../src/config/config';
import { startServer } from '../../src/server';
import { runCliCaptured } from '../cli/run-cli';
import { type AgentWorld, seedAgentWorld } from '../factories/agent-factory';
import { copyPGliteTemplateTo } from '../helpers/pglite-template';
import { createMigratedPostgresDatabase } from '../helpers/postgres-template';
import { silentLogger } from '../helpers/silent-logger';
import { describeEachDatabase } from '../helpers/test-context';
import { type AgentPlatform, startAgentPlatform } from './agent-platform';

const open = (serverUrl: string, envSecret: string) =>
  openEventStream(`${serverUrl}${EVENTS_PATH}`, { [SECRET_HEADER]: envSecret });

describeEachDatabase('agent events', (kind) => {
  let platform: AgentPlatform;
  let other: AgentWorld;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
    other = await seedAgentWorld(platform.context);
  });
  afterAll(() => platform.close());

  test("an environment's stream gets only its own events", async () => {
    const mine = await open(platform.serverUrl, platform.envSecret);
    const theirs = await open(platform.serverUrl, other.envSecret);
    try {
      await grantCollectionRights(platform.context, {
        project: other.project.name,
        environment: other.environment.name,
        role: 'User',
        collection: 'orders',
        rights: ['read'],
        actions: [],
      });
      await theirs.waitFor(/event: refresh-permissions/);
      await platform.seed.setScope('Support', 'orders', { field: 'id', operator: 'Present' });

      const received = await mine.waitFor(/event: refresh-renderings/);

      expect(received).not.toContain('refresh-permissions');
    } finally {
      mine.close();
      theirs.close();
    }
  });

  test('a no-code action change sends refresh-customizations', async () => {
    const stream = await open(platform.serverUrl, platform.envSecret);
    try {
      await addNoCodeAction(platform.context, {
        project: platform.world.project.name,
        environment: platform.world.environment.name,
        definition: {
          type: 'update-record',
          collection: 'orders',
          name: 'Close',
          scope: 'Single',
          values: { status: 'closed' },
        },
      });

      await expect(stream.waitFor(/event: refresh-customizations\ndata: \{\}/)).resolves.toBeDefined();
    } finally {
      stream.close();
    }
  });
});

describeWithService('postgres', 'agent events across processes [postgres]', () => {
  let platform: AgentPlatform;

  beforeAll(async () => {
    platform = await startAgentPlatform('postgres');
  });
  afterAll(() => platform.close());

  test('a change made by the admin CLI on its own connection reaches the server’s streams', async () => {
    const stream = await open(platform.serverUrl, platform.envSecret);
    const { database } = platform.context.config;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    try {
      // No openDatabase: the CLI opens the database from DATABASE_URL itself, as another process would.
      const result = await runCliCaptured(
        [
          'permissions',
          'grant',
          '--project',
          platform.world.project.name,
          '--environment',
          platform.world.environment.name,
          '--role',
          'Editor',
          '--collection',
          'invoices',
          '--rights',
          'browse',
        ],
        { DATABASE_URL: database.url, PLATFORM_MIGRATE_ON_START: 'false' },
      );

      expect(result.exitCode).toBe(0);
      await expect(stream.waitFor(/event: refresh-permissions/)).resolves.toBeDefined();
    } finally {
      stream.close();
    }
  });
});

describe('agent events on the embedded database', () => {
  let platform: AgentPlatform;

  beforeAll(async () => {
    platform = await startAgentPlatform('pglite');
  });
  afterAll(() => platform.close());

  test(
    'the stream sends a ping comment every heartbeat',
    async () => {
      const stream = await open(platform.serverUrl, platform.envSecret);
      try {
        await expect(stream.waitFor(/: ping\n\n/, (EVENTS_HEARTBEAT_SECONDS + 3) * 1000)).resolves.toBeDefined();
      } finally {
        stream.close();
      }
    },
    (EVENTS_HEARTBEAT_SECONDS + 10) * 1000,
  );
});

describe('server shutdown with open event streams', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-events-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function closesQuickly(env: Record<string, string>) {
    const server = await startServer(loadConfig({ PORT: '0', PLATFORM_SHUTDOWN_TIMEOUT_MS: '20000', ...env }), {
      logger: silentLogger(),
      handleSignals: false,
    });
    const world = await seedAgentWorld(server.context);
    const stream = await open(server.url, world.envSecret);
    await stream.waitFor(/: connected/);

    const started = Date.now();
    await server.close();
    const elapsed = Date.now() - started;
    stream.close();
    return elapsed;
  }

  test('the embedded server ends the streams and stops without waiting for its timeout', async () => {
    const directory = path.join(dataDir, 'data');
    await copyPGliteTemplateTo(directory);

    expect(await closesQuickly({ PLATFORM_DATA_DIR: directory, PLATFORM_MIGRATE_ON_START: 'false' })).toBeLessThan(
      5_000,
    );
  });

  describeWithService('postgres', '[postgres]', () => {
    test('the PostgreSQL server ends the streams and its LISTEN connection, and stops quickly', async () => {
      const database = await createMigratedPostgresDatabase('platform_api_events');
      try {
        expect(await closesQuickly({ DATABASE_URL: database.uri })).toBeLessThan(5_000);
      } finally {
        await database.drop();
      }
    });
  });
});
