import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { migrationsDir } from '../../../src/config/package-root';
import { readMigrationList } from '../../../src/db/migrator/migration-list';
import {
  applyMigrations,
  diffDatabaseToSchema,
  type MigrationTarget,
  migrationStatus,
} from '../../../src/db/migrator/migrator';
import { migrationNames } from '../../helpers/migration-names';
import { clonePGliteTemplate } from '../../helpers/pglite-template';

function runMigratorContract(makeTarget: () => MigrationTarget, options: { canDiff: boolean }) {
  test('reports every migration pending on an empty database', async () => {
    const status = await migrationStatus(makeTarget());

    expect(status).toMatchObject({
      hasMigrationsTable: false,
      isUpToDate: false,
      appliedMigrationNames: [],
      pendingMigrationNames: await migrationNames(),
    });
  });

  test('applies every migration, then reports them applied', async () => {
    const { appliedMigrationNames } = await applyMigrations(makeTarget());
    const status = await migrationStatus(makeTarget());

    expect(appliedMigrationNames).toEqual(await migrationNames());
    expect(status).toMatchObject({
      hasMigrationsTable: true,
      isUpToDate: true,
      appliedMigrationNames: await migrationNames(),
      pendingMigrationNames: [],
      failedMigrationNames: [],
    });
  });

  test('applies nothing the second time', async () => {
    expect(await applyMigrations(makeTarget())).toEqual({ appliedMigrationNames: [] });
  });

  if (options.canDiff) {
    test('leaves nothing between the migrated database and schema.prisma', async () => {
      expect(await diffDatabaseToSchema(makeTarget())).toBe('');
    });
  }
}

describe('migrator on a PGlite data directory', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-migrator-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  runMigratorContract(() => ({ dataDir }), { canDiff: true });

  test('records the migrations in the standard _prisma_migrations table', async () => {
    const pglite = await PGlite.create(dataDir);
    try {
      const { rows } = await pglite.query<{ migration_name: string }>(
        'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
      );
      expect(rows.map((row) => row.migration_name)).toEqual(await migrationNames());
    } finally {
      await pglite.close();
    }
  });
});

describeWithService('postgres', 'migrator on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase('platform_api_migrator');
  });
  afterAll(() => database.drop());

  // The engine cannot diff a live PostgreSQL through adapter-pg (see diffDatabaseToSchema).
  runMigratorContract(() => ({ databaseUrl: database.uri }), { canDiff: false });
});

describe('migrations folder', () => {
  // The PGlite template is every migration applied to an empty database (test/helpers/pglite-template.ts).
  test('matches schema.prisma: applying every migration to an empty database leaves no diff', async () => {
    const pglite = await clonePGliteTemplate();
    try {
      expect(await migrationStatus({ pglite })).toMatchObject({ isUpToDate: true, pendingMigrationNames: [] });

      expect(await diffDatabaseToSchema({ pglite })).toBe('');
    } finally {
      await pglite.close();
    }
  });

  test('has a lockfile for provider postgresql, as `prisma migrate deploy` expects', async () => {
    const { lockfile } = await readMigrationList(migrationsDir());

    expect(lockfile.content).toContain('provider = "postgresql"');
  });
});

describe('migrator with a migration that fails', () => {
  test('rejects with the database error and records the migration as failed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-bad-migrations-'));
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(path.join(dir, '20000101000000_broken'));
    writeFileSync(path.join(dir, '20000101000000_broken', 'migration.sql'), 'CREATE TABLE "x" ("id" NOT_A_TYPE);');
    const pglite = await PGlite.create();
    try {
      await expect(applyMigrations({ pglite }, { migrationsDir: dir })).rejects.toThrow(/NOT_A_TYPE|not_a_type/i);

      expect(await migrationStatus({ pglite }, { migrationsDir: dir })).toMatchObject({
        failedMigrationNames: ['20000101000000_broken'],
        isUpToDate: false,
      });
    } finally {
      await pglite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
