import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';
import { pgPoolOf } from './create-prisma-client';

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
