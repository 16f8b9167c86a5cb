import { createHash } from 'node:crypto';
import pg from 'pg';
import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';
import { pgPoolOf } from './create-prisma-client';

/**
 * How many distinct hot statement texts are prepared per process. A text depends only on which
 * filters a request uses (values are always bound), so a handful are in use at any time; the
 * bound keeps a caller cycling through filter combinations from growing every pooled
 * connection's set of prepared statements without end. Texts past it run unprepared.
 */
export const MAX_PREPARED_HOT_STATEMENTS = 200;

/**
 * Names for the prepared forms of hot statements: a digest of the text, so that one name always
 * means one text on every connection (pg refuses to reuse a name for another text). Hands out at
 * most `limit` names; later texts get none.
 */
export class HotStatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly limit: number) {}

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.limit) return known;
    const name = `platform_hot_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    this.names.set(text, name);
    return name;
  }
}

const statementNames = new HotStatementNames(MAX_PREPARED_HOT_STATEMENTS);

/**
 * Runs a read-only `Prisma.sql` statement of a hot path. On PostgreSQL it goes straight through the
 * pg pool under Prisma (same text, `$n` parameters), which saves Prisma's per-query cost, as a
 * named prepared statement: each pooled connection parses the text once, later runs only bind and
 * execute (PostgreSQL still plans each run for its values unless a generic plan costs no more).
 * See bench/README.md, public-api-notes. On PGlite, or a wrapped client, it goes through
 * `$queryRaw`. Rows come back with the driver's types (timestamps as Dates, arrays as arrays)
 * either way: callers check them with a schema.
 */
export function runHotQuery(context: AppContext, sql: Prisma.Sql): Promise<unknown[]> {
  return mapHotQuery(context, sql, (row) => row);
}

/**
 * `runHotQuery`, with each row passed through `mapRow` as it arrives: on PostgreSQL, the work on
 * the first rows then overlaps with the database producing the last ones (a page of 100 notes
 * arrives over about 0.7 ms). If `mapRow` throws, the remaining rows are skipped, the statement
 * still runs to its end (so the connection goes back to the pool in a clean state) and the
 * promise rejects with that error.
 */
export async function mapHotQuery<T>(context: AppContext, sql: Prisma.Sql, mapRow: (row: unknown) => T): Promise<T[]> {
  const pool = pgPoolOf(context.prisma);
  if (!pool) return (await context.prisma.$queryRaw<unknown[]>(sql)).map(mapRow);
  const { text, values } = sql as Prisma.Sql & { readonly text: string };
  const client = await pool.connect();
  return new Promise<T[]>((resolve, reject) => {
    const mapped: T[] = [];
    let mapFailure: { readonly error: unknown } | undefined;
    let settled = false;
    const query = new pg.Query({ name: statementNames.nameOf(text), text, values });
    // Called inside pg's protocol parser: nothing may be thrown from here.
    query.on('row', (row: unknown) => {
      if (mapFailure) return;
      try {
        mapped.push(mapRow(row));
      } catch (error) {
        mapFailure = { error };
      }
    });
    query.on('error', (error: Error) => {
      if (settled) return;
      settled = true;
      // As pg-pool's own `query` does: a connection that reported an error is not reused.
      client.release(error);
      reject(error);
    });
    query.on('end', () => {
      if (settled) return;
      settled = true;
      client.release();
      if (mapFailure) reject(mapFailure.error);
      else resolve(mapped);
    });
    client.query(query);
  });
}
