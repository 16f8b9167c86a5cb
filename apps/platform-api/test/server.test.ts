import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPostgresDatabase,
  describeWithService,
  redisUrl,
  type TestDatabase,
} from '@platform/tooling/test-services';
import Redis from 'ioredis';
import pino from 'pino';
import { loadConfig } from '../src/config/config';
import { migrationStatus } from '../src/db/migrator/migrator';
import { rateLimitConnectionName } from '../src/http/rate-limit/rate-limit-store';
import { startServer } from '../src/server';
import { copyPGliteTemplateTo } from './helpers/pglite-template';
import { silentLogger } from './helpers/silent-logger';

describe('startServer with the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-server-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('creates and migrates the data directory at first start, serves, then closes it', async () => {
    const config = loadConfig({ PORT: '0', PLATFORM_DATA_DIR: path.join(dataDir, 'data') });

    const server = await startServer(config, { logger: silentLogger(), handleSignals: false });
    const ready = await fetch(`${server.url}/ready`);
    await server.close();

    expect(ready.status).toBe(200);
    expect(await migrationStatus({ dataDir: path.join(dataDir, 'data') })).toMatchObject({ isUpToDate: true });
  });

  test('with PORT=0, the OpenAPI document names the port actually bound', async () => {
    const config = loadConfig({
      PORT: '0',
      PLATFORM_DATA_DIR: path.join(dataDir, 'data'),
      PLATFORM_MIGRATE_ON_START: 'false',
    });

    const server = await startServer(config, { logger: silentLogger(), handleSignals: false });
    const document = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as { servers: { url: string }[] };
    await server.close();

    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect(document.servers).toEqual([{ url: server.url }]);
    expect(server.context.config.publicUrl).toBe(server.url);
  });

  test('starts again on the existing data directory', async () => {
    const config = loadConfig({ PORT: '0', PLATFORM_DATA_DIR: path.join(dataDir, 'data') });

    const server = await startServer(config, { logger: silentLogger(), handleSignals: false });
    const organizations = await server.context.prisma.organization.count();
    await server.close();

    expect(organizations).toBe(0);
  });
});

describeWithService('postgres', 'startServer with PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase('platform_api_server');
  });
  afterAll(() => database.drop());

  test('migrates at start when PLATFORM_MIGRATE_ON_START is true', async () => {
    const config = loadConfig({ PORT: '0', DATABASE_URL: database.uri, PLATFORM_MIGRATE_ON_START: 'true' });

    const server = await startServer(config, { logger: silentLogger(), handleSignals: false });
    const ready = await fetch(`${server.url}/ready`);
    await server.close();

    expect(ready.status).toBe(200);
    expect(await migrationStatus({ databaseUrl: database.uri })).toMatchObject({ isUpToDate: true });
  });

  test('warns at start when migrations are pending and PLATFORM_MIGRATE_ON_START is false', async () => {
    const other = await createPostgresDatabase('platform_api_server_pending');
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    try {
      const server = await startServer(loadConfig({ PORT: '0', DATABASE_URL: other.uri }), {
        logger,
        handleSignals: false,
      });
      await server.close();
    } finally {
      await other.drop();
    }

    expect(lines.join('')).toContain('the database is not up to date');
  });

  test('fails to start when PostgreSQL is unreachable', async () => {
    const config = loadConfig({
      PORT: '0',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/platform',
      PLATFORM_MIGRATE_ON_START: 'true',
    });

    await expect(startServer(config, { logger: silentLogger(), handleSignals: false })).rejects.toThrow();
  });
});

describeWithService('redis', 'startServer with REDIS_URL', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-server-redis-'));
  // A migrated copy: this block is about Redis, and the first start's migration is tested above.
  beforeAll(() => copyPGliteTemplateTo(path.join(dataDir, 'data')));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function rateLimitConnections(): Promise<number> {
    const admin = new Redis(redisUrl());
    try {
      const list = (await admin.call('CLIENT', 'LIST')) as string;
      return list.split('\n').filter((line) => line.includes(`name=${rateLimitConnectionName()} `)).length;
    } finally {
      admin.disconnect();
    }
  }

  test('close() also closes the rate limiter connection to Redis', async () => {
    const config = loadConfig({ PORT: '0', PLATFORM_DATA_DIR: path.join(dataDir, 'data'), REDIS_URL: redisUrl() });
    const server = await startServer(config, { logger: silentLogger(), handleSignals: false });
    await fetch(`${server.url}/v1/openapi.json`);
    const whileServing = await rateLimitConnections();

    await server.close();

    expect(whileServing).toBe(1);
    expect(await rateLimitConnections()).toBe(0);
  });
});
