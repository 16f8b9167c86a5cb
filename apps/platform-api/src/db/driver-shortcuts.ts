import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { AppContext } from '../context';
import type { Prisma, PrismaClient } from '../generated/prisma/client';

// The public API's hot path past Prisma, in one place, for the notes listing's target as
// bench/public-api-notes measures it against a bare server running the statement. Prisma's query
// engine adds its own work to every statement; the token and notes-page statements are run on the
// pg pool under the client instead. That takes three things Prisma's API does not offer: the pool
// under a client (a side table filled when the client is made), the statement run on it
// (`queryRows`), and a `$disconnect()` that also ends that pool, which Prisma's adapter only does
// when Prisma itself connected. The embedded PGlite rides the same side table, for LISTEN.

const pools = new WeakMap<PrismaClient, pg.Pool>();
const pglites = new WeakMap<PrismaClient, PGlite>();

/** Remembers the pg pool a PostgreSQL client was made over, for `pgPoolOf`. */
export function rememberPool(prisma: PrismaClient, pool: pg.Pool): void {
  pools.set(prisma, pool);
}

/** Remembers the PGlite an embedded client was made over, for `pgliteOf`. */
export function rememberPGlite(prisma: PrismaClient, pglite: PGlite): void {
  pglites.set(prisma, pglite);
}

/**
 * The pg pool under a PostgreSQL client, for `queryRows`; undefined on PGlite, or for a wrapped
 * client: the caller then goes through Prisma with the same SQL. Read-only statements only: they
 * share the pool (and its size) with Prisma, outside any Prisma transaction.
 */
export function pgPoolOf(prisma: PrismaClient): pg.Pool | undefined {
  return pools.get(prisma);
}

/**
 * The PGlite under an embedded client, for what Prisma cannot do (LISTEN, src/db/listen-channel.ts);
 * undefined on PostgreSQL.
 */
export function pgliteOf(prisma: PrismaClient): PGlite | undefined {
  return pglites.get(prisma);
}

/**
 * Runs a read-only `Prisma.sql` statement and returns its rows, for the statements every public
 * API request runs (the token, the notes page). On PostgreSQL it goes through the pg pool under
 * Prisma, which skips Prisma's per-query work; on PGlite through `$queryRaw`. Rows come back with
 * the driver's types (timestamps as Dates, json as values): check them with a zod schema.
 */
export async function queryRows(context: AppContext, sql: Prisma.Sql): Promise<unknown[]> {
  const pool = pgPoolOf(context.prisma);
  if (!pool) return context.prisma.$queryRaw<unknown[]>(sql);
  const { rows } = await pool.query<Record<string, unknown>>(sql.text, sql.values);
  return rows;
}

/**
 * Makes `prisma.$disconnect()` also run `release` (closing what the client owns) once Prisma has
 * disconnected. An own property shadows the prototype's method, so every caller gets it.
 */
export function releaseOnDisconnect(prisma: PrismaClient, release: () => Promise<void>): void {
  const disconnect = prisma.$disconnect.bind(prisma);
  Object.defineProperty(prisma, '$disconnect', {
    value: async () => {
      await disconnect();
      await release();
    },
  });
}
