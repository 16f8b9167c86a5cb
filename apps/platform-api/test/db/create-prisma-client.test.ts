import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { loadConfig } from '../../src/config/config';
import { createPrismaClient } from '../../src/db/create-prisma-client';
import { pgPoolOf } from '../../src/db/driver-shortcuts';

describe('createPrismaClient on the embedded database', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'platform-api-client-'));
  const dataDir = path.join(root, 'data');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('creates and migrates the data directory at first use', async () => {
    const prisma = await createPrismaClient(loadConfig({ PLATFORM_DATA_DIR: dataDir }));
    try {
      expect(await prisma.organization.count()).toBe(0);
    } finally {
      await prisma.$disconnect();
    }
  });

  test('refuses to open a data directory that is already open', async () => {
    const prisma = await createPrismaClient(loadConfig({ PLATFORM_DATA_DIR: dataDir }));
    try {
      await expect(createPrismaClient(loadConfig({ PLATFORM_DATA_DIR: dataDir }))).rejects.toThrow(
        expect.objectContaining({ name: 'DataDirInUseError' }),
      );
    } finally {
      await prisma.$disconnect();
    }
  });

  test('keeps the data between openings', async () => {
    const first = await createPrismaClient(loadConfig({ PLATFORM_DATA_DIR: dataDir }));
    await first.organization.create({ data: { name: 'Acme' } });
    await first.$disconnect();

    const second = await createPrismaClient(loadConfig({ PLATFORM_DATA_DIR: dataDir }));
    try {
      expect(await second.organization.findMany({ select: { name: true } })).toEqual([{ name: 'Acme' }]);
    } finally {
      await second.$disconnect();
    }
  });
});

describeWithService('postgres', 'createPrismaClient on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase('platform_api_client');
  });
  afterAll(() => database.drop());

  test('migrates when PLATFORM_MIGRATE_ON_START is true, and $disconnect ends the pool', async () => {
    const prisma = await createPrismaClient(
      loadConfig({ DATABASE_URL: database.uri, PLATFORM_MIGRATE_ON_START: 'true' }),
    );

    expect(await prisma.organization.count()).toBe(0);
    await prisma.$disconnect();
    expect(pgPoolOf(prisma)?.ended).toBe(true);
  });

  test('pooled connections keep the options of the URL and add no setting of their own', async () => {
    const url = new URL(database.uri);
    url.searchParams.set('options', '-c statement_timeout=1234');
    const prisma = await createPrismaClient(loadConfig({ DATABASE_URL: url.toString() }));

    const { rows } = (await pgPoolOf(prisma)?.query(
      `SELECT current_setting('plan_cache_mode') AS plans, current_setting('statement_timeout') AS timeout`,
    )) ?? { rows: [] };

    expect(rows).toEqual([{ plans: 'auto', timeout: '1234ms' }]);
    await prisma.$disconnect();
  });

  test('$disconnect ends the pool even when only queryRows used it', async () => {
    const prisma = await createPrismaClient(loadConfig({ DATABASE_URL: database.uri }));
    const pool = pgPoolOf(prisma);
    await pool?.query('SELECT 1');

    await prisma.$disconnect();

    expect(pool?.ended).toBe(true);
    expect(pool?.totalCount).toBe(0);
  });
});
