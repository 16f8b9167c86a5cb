import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaFilter } from '@prisma/schema-engine-wasm';
import { Pool } from 'pg';
import { migrationsDir, schemaPath } from '../../config/package-root';
import { lockDataDir } from '../data-dir-lock';
import { readMigrationList } from './migration-list';
import { pgliteMigrationAdapterFactory } from './pglite-migration-adapter';
import { withSchemaEngine } from './schema-engine';

/**
 * Where migrations run: an embedded PGlite data directory (opened and closed here), an already
 * open PGlite (PGlite allows one connection, so the app migrates the instance it then serves
 * with), or a PostgreSQL connection URL.
 */
export type MigrationTarget =
  | { readonly dataDir: string }
  | { readonly pglite: PGlite }
  | { readonly databaseUrl: string };

export interface MigratorOptions {
  /** Defaults to the package's `prisma/migrations`. */
  readonly migrationsDir?: string;
  /** Defaults to the package's `prisma/schema.prisma`. */
  readonly schemaPath?: string;
}

export interface ApplyMigrationsResult {
  readonly appliedMigrationNames: readonly string[];
}

export interface MigrationStatus {
  /** Every migration folder on disk, in order. */
  readonly migrations: readonly string[];
  readonly appliedMigrationNames: readonly string[];
  readonly pendingMigrationNames: readonly string[];
  readonly failedMigrationNames: readonly string[];
  /** Applied migrations whose `migration.sql` changed since. */
  readonly editedMigrationNames: readonly string[];
  /** Migrations recorded in the database but missing from disk. */
  readonly unknownMigrationNames: readonly string[];
  readonly hasMigrationsTable: boolean;
  readonly isUpToDate: boolean;
}

const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

/** `prisma migrate deploy`: applies the pending migrations and records them in `_prisma_migrations`. */
export async function applyMigrations(
  target: MigrationTarget,
  options: MigratorOptions = {},
): Promise<ApplyMigrationsResult> {
  const migrationsList = await readMigrationList(options.migrationsDir ?? migrationsDir());
  return withEngine(target, options, async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
    return { appliedMigrationNames };
  });
}

/** `prisma migrate status`: compares the migrations folder with the database's history. */
export async function migrationStatus(
  target: MigrationTarget,
  options: MigratorOptions = {},
): Promise<MigrationStatus> {
  const migrationsList = await readMigrationList(options.migrationsDir ?? migrationsDir());
  const diagnosis = await withEngine(target, options, (engine) =>
    engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: NO_FILTER }),
  );
  const migrations = migrationsList.migrationDirectories.map((directory) => directory.path);
  const history = diagnosis.history;
  const pending =
    history && history.diagnostic !== 'migrationsDirectoryIsBehind' ? history.unappliedMigrationNames : [];
  const unknown = history && history.diagnostic !== 'databaseIsBehind' ? history.unpersistedMigrationNames : [];
  const failed = diagnosis.failedMigrationNames;

  return {
    migrations,
    appliedMigrationNames: migrations.filter((name) => !pending.includes(name) && !failed.includes(name)),
    pendingMigrationNames: pending,
    failedMigrationNames: failed,
    editedMigrationNames: diagnosis.editedMigrationNames,
    unknownMigrationNames: unknown,
    hasMigrationsTable: diagnosis.hasMigrationsTable,
    isUpToDate: history === null && failed.length === 0 && diagnosis.editedMigrationNames.length === 0,
  };
}

/**
 * The SQL that would bring the database to `schema.prisma`, or '' when the applied migrations match
 * the schema. Used to test that the migrations folder is in sync. PGlite only: on PostgreSQL the
 * engine cannot describe the live schema through adapter-pg (it fails on the `char` type).
 */
export async function diffDatabaseToSchema(target: MigrationTarget, options: MigratorOptions = {}): Promise<string> {
  const schema = await readSchema(options);
  return withEngine(target, options, async (engine) => {
    const result = await engine.diff({
      from: { tag: 'schemaDatasource', files: [schema], configDir: '.' },
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    const script = result.stdout ?? '';
    // An empty diff still comes back as the comment `-- This is an empty migration.`
    return script.replace(/^--.*$/gm, '').trim() === '' ? '' : script;
  });
}

async function readSchema(options: MigratorOptions): Promise<{ path: string; content: string }> {
  const file = options.schemaPath ?? schemaPath();
  return { path: 'schema.prisma', content: await readFile(file, 'utf8') };
}

async function withEngine<T>(
  target: MigrationTarget,
  options: MigratorOptions,
  work: Parameters<typeof withSchemaEngine<T>>[2],
): Promise<T> {
  const schema = await readSchema(options);
  return withAdapterFactory(target, (factory) => withSchemaEngine(factory, schema, work));
}

async function withAdapterFactory<T>(
  target: MigrationTarget,
  work: (factory: SqlMigrationAwareDriverAdapterFactory) => Promise<T>,
): Promise<T> {
  if ('pglite' in target) return work(pgliteMigrationAdapterFactory(target.pglite));
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    const unlock = lockDataDir(target.dataDir);
    try {
      const pglite = await PGlite.create(target.dataDir);
      try {
        return await work(pgliteMigrationAdapterFactory(pglite));
      } finally {
        await pglite.close();
      }
    } finally {
      unlock();
    }
  }
  // One connection: the engine takes a session-level advisory lock, then runs the migrations on it.
  const pool = new Pool({ connectionString: target.databaseUrl, max: 1 });
  try {
    return await work(new PrismaPg(pool));
  } finally {
    await pool.end();
  }
}
