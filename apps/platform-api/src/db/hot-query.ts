import { createHash } from 'node:crypto';
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
export async function runHotQuery(context: AppContext, sql: Prisma.Sql): Promise<unknown[]> {
  const pool = pgPoolOf(context.prisma);
  if (!pool) return context.prisma.$queryRaw<unknown[]>(sql);
  const { text, values } = sql as Prisma.Sql & { readonly text: string };
  return (await pool.query({ name: statementNames.nameOf(text), text, values })).rows;
}
