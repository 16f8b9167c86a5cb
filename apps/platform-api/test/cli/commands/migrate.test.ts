import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { migrationNames } from '../../helpers/migration-names';
import { copyPGliteTemplateTo } from '../../helpers/pglite-template';
import { runCliCaptured } from '../run-cli';

/** From an empty database: pending, migrated, then nothing left to apply. */
function runMigrateContract(makeEnv: () => NodeJS.ProcessEnv) {
  test('`migrate --status --json` reports pending migrations and exits 1', async () => {
    const run = await runCliCaptured(['migrate', '--status', '--json'], makeEnv());

    expect(run.exitCode).toBe(1);
    expect(run.json()).toMatchObject({ isUpToDate: false, pendingMigrationNames: await migrationNames() });
  });

  test('`migrate --json` applies every migration and lists them', async () => {
    const run = await runCliCaptured(['migrate', '--json'], makeEnv());

    expect(run.exitCode).toBe(0);
    expect(run.json()).toEqual({ appliedMigrationNames: await migrationNames() });
  });

  test('`migrate --json` a second time applies nothing', async () => {
    const run = await runCliCaptured(['migrate', '--json'], makeEnv());

    expect(run.exitCode).toBe(0);
    expect(run.json()).toEqual({ appliedMigrationNames: [] });
  });

  test('`migrate --status --json` then reports every migration applied and exits 0', async () => {
    const run = await runCliCaptured(['migrate', '--status', '--json'], makeEnv());

    expect(run.exitCode).toBe(0);
    expect(run.json()).toMatchObject({ isUpToDate: true, appliedMigrationNames: await migrationNames() });
  });

  test('`migrate --status` prints a readable summary', async () => {
    const run = await runCliCaptured(['migrate', '--status'], makeEnv());

    expect(run.stdout).toMatch(/Applied:\n {2}\d{14}_init\n/);
    expect(run.stdout).toMatch(/The database is up to date\.\n$/);
  });
}

// On the embedded database, `migrate --json` applying every migration to a new data directory is
// test/cli/bin.test.ts's spawned run; here the other outputs, on an empty and on a migrated copy.
describe('platform-api migrate on the embedded database', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'platform-api-cli-migrate-'));
  const emptyEnv = { PLATFORM_DATA_DIR: path.join(root, 'empty') };
  const migratedEnv = { PLATFORM_DATA_DIR: path.join(root, 'migrated') };

  beforeAll(async () => {
    await copyPGliteTemplateTo(migratedEnv.PLATFORM_DATA_DIR);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('`migrate --status --json` reports pending migrations and exits 1', async () => {
    const run = await runCliCaptured(['migrate', '--status', '--json'], emptyEnv);

    expect(run.exitCode).toBe(1);
    expect(run.json()).toMatchObject({ isUpToDate: false, pendingMigrationNames: await migrationNames() });
  });

  test('`migrate --json` on a migrated database applies nothing', async () => {
    const run = await runCliCaptured(['migrate', '--json'], migratedEnv);

    expect(run.exitCode).toBe(0);
    expect(run.json()).toEqual({ appliedMigrationNames: [] });
  });

  test('`migrate --status --json` reports every migration applied and exits 0', async () => {
    const run = await runCliCaptured(['migrate', '--status', '--json'], migratedEnv);

    expect(run.exitCode).toBe(0);
    expect(run.json()).toMatchObject({ isUpToDate: true, appliedMigrationNames: await migrationNames() });
  });

  test('`migrate --status` prints a readable summary', async () => {
    const run = await runCliCaptured(['migrate', '--status'], migratedEnv);

    expect(run.stdout).toMatch(/Applied:\n {2}\d{14}_init\n/);
    expect(run.stdout).toMatch(/The database is up to date\.\n$/);
  });
});

describeWithService('postgres', 'platform-api migrate on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase('platform_api_cli');
  });
  afterAll(() => database.drop());

  runMigrateContract(() => ({ DATABASE_URL: database.uri }));

  test('exits 1 with the error as JSON when PostgreSQL is unreachable', async () => {
    const run = await runCliCaptured(['migrate', '--json'], {
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/platform',
    });

    expect(run.exitCode).toBe(1);
    expect(run.json()).toEqual({ error: { name: expect.any(String), message: expect.any(String) } });
  });
});
