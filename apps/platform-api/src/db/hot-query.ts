import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';
import { pgPoolOf } from './create-prisma-client';

/**
 * Runs a read-only `Prisma.sql` statement of a hot path. On PostgreSQL it goes straight through the
 * pg pool under Prisma (same text, `$n` parameters), which saves Prisma's per-query cost (see
 * bench/README.md, public-api-notes); on PGlite, or a wrapped client, through `$queryRaw`. Rows
 * come back with the driver's types (timestamps as Dates, arrays as arrays) either way: callers
 * check them with a schema.
 */
export async function runHotQuery(context: AppContext, sql: Prisma.Sql): Promise<unknown[]> {
  const pool = pgPoolOf(context.prisma);
  if (!pool) return context.prisma.$queryRaw<unknown[]>(sql);
  const { text, values } = sql as Prisma.Sql & { readonly text: string };
  return (await pool.query({ text, values })).rows;
}
