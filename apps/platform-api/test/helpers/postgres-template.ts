import {
  isServiceAvailable,
  postgresUri,
  type TestDatabase,
  uniqueDatabaseName,
} from '@platform/tooling/test-services';
import { Client } from 'pg';
import { applyMigrations } from '../../src/db/migrator/migrator';
import { migrationsHash } from './migrations-hash';

/** Set by test/global-setup.ts for the test workers. */
export const POSTGRES_TEMPLATE_ENV = 'PLATFORM_POSTGRES_TEMPLATE';

const TEMPLATE_PREFIX = 'platform_template_';

/**
 * A migrated PostgreSQL database keyed by the migrations' content, `platform_template_<hash>`:
 * built once and kept for later jest runs until a migration changes. Test files copy it with
 * `CREATE DATABASE ... TEMPLATE`, a file copy, instead of running every migration again.
 * Returns undefined when PostgreSQL is not reachable.
 */
export async function ensurePostgresTemplate(): Promise<string | undefined> {
  if (!isServiceAvailable('postgres')) return undefined;
  const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  if (await databaseExists(name)) return name;

  // Migrated under a name of its own, then renamed: a concurrent jest run never copies a half-migrated
  // database, and the loser of a race drops its copy.
  const partial = uniqueDatabaseName(`${name}_partial`);
  await adminQuery(`CREATE DATABASE "${partial}"`);
  try {
    await applyMigrations({ databaseUrl: postgresUri(partial) });
    await adminQuery(`ALTER DATABASE "${partial}" RENAME TO "${name}"`);
  } catch (error) {
    await adminQuery(`DROP DATABASE IF EXISTS "${partial}" WITH (FORCE)`);
    if (!(await databaseExists(name))) throw error;
  }
  return name;
}

/** A new database holding a copy of the migrated template; call `drop()` in afterAll. */
export async function createMigratedPostgresDatabase(prefix: string): Promise<TestDatabase> {
  const template = process.env[POSTGRES_TEMPLATE_ENV] ?? (await ensurePostgresTemplate());
  if (!template) throw new Error('PostgreSQL is not reachable: no migrated template database.');
  const name = uniqueDatabaseName(prefix);
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const uri = postgresUri(name);
  const { hostname, port, username } = new URL(uri);
  return {
    name,
    uri,
    host: hostname,
    port: Number(port),
    user: username,
    password: '',
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function databaseExists(name: string): Promise<boolean> {
  const { rowCount } = await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return rowCount === 1;
}

async function adminQuery(sql: string, values: readonly unknown[] = []): Promise<{ rowCount: number | null }> {
  const client = new Client({ connectionString: postgresUri() });
  await client.connect();
  try {
    return await client.query(sql, [...values]);
  } finally {
    await client.end();
  }
}
