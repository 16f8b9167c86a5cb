import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { Config } from '../config/config';
import { PrismaClient } from '../generated/prisma/client';
import { lockDataDir } from './data-dir-lock';
import { releaseOnDisconnect, rememberPGlite, rememberPool } from './driver-shortcuts';
import { applyMigrations } from './migrator/migrator';

export type DatabaseOptions = Pick<Config, 'database' | 'migrateOnStart'>;

/**
 * Opens platform-api's database: PGlite in `config.database.dataDir` (created at first start) or
 * PostgreSQL at `config.database.url`, applying pending migrations first when
 * `config.migrateOnStart` is true. `$disconnect()` on the returned client releases everything
 * (the PGlite instance or the pg pool).
 */
export async function createPrismaClient(config: DatabaseOptions): Promise<PrismaClient> {
  const { database } = config;
  if (database.kind === 'postgres') {
    if (config.migrateOnStart) await applyMigrations({ databaseUrl: database.url });
    return createPostgresPrismaClient(database.url);
  }

  mkdirSync(database.dataDir, { recursive: true });
  const unlock = lockDataDir(database.dataDir);
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create(database.dataDir);
    if (config.migrateOnStart) await applyMigrations({ pglite });
  } catch (error) {
    await pglite?.close();
    unlock();
    throw error;
  }
  return createPGlitePrismaClient(pglite, unlock);
}

/**
 * How long a query waits for a pooled connection (opening one included) before failing as a
 * connection error (503): without it, a database host that drops packets holds requests forever.
 */
const POOL_CONNECTION_TIMEOUT_MS = 10_000;

/** A client over PostgreSQL; it owns its pg pool and ends it on `$disconnect()`. */
export function createPostgresPrismaClient(url: string): PrismaClient {
  const config = parseIntoClientConfig(url);
  const pool = new pg.Pool({ connectionTimeoutMillis: POOL_CONNECTION_TIMEOUT_MS, ...config });
  // An idle connection the server ends (a restart, pg_terminate_backend) is reported as an 'error'
  // of the pool, which drops it; unheard, that event would crash the process. Prisma's adapter
  // listens only once Prisma connected, and `queryRows` may use the pool before that.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  rememberPool(prisma, pool);
  // The adapter disposes of the pool only if Prisma itself connected; `queryRows` uses the pool
  // directly (driver-shortcuts.ts), so a process that ran only those statements would keep it open.
  releaseOnDisconnect(prisma, async () => {
    if (!pool.ended) await pool.end();
  });
  return prisma;
}

/**
 * A client over an open PGlite, which it then owns: `$disconnect()` also closes the PGlite.
 * PGlite serves one connection, so nothing else may use `pglite` afterwards.
 */
export function createPGlitePrismaClient(pglite: PGlite, onClosed: () => void = () => {}): PrismaClient {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  rememberPGlite(prisma, pglite);
  releaseOnDisconnect(prisma, async () => {
    if (!pglite.closed) {
      await pglite.close();
      onClosed();
    }
  });
  return prisma;
}
