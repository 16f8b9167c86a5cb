import { type RawBuilder, sql } from 'kysely';

/**
 * A fragment of SQL built with Kysely's `sql` tag: identifiers go through `sql.id` (quoted by the
 * dialect) and values are interpolated as bound parameters, never concatenated.
 * @internal
 */
export type SqlExpression = RawBuilder<unknown>;

export const TRUE: SqlExpression = sql`1 = 1`;
export const FALSE: SqlExpression = sql`1 = 0`;

export function and(expressions: readonly SqlExpression[]): SqlExpression {
  if (expressions.length === 0) return TRUE;
  if (expressions.length === 1) return expressions[0] as SqlExpression;

  return sql`(${sql.join(expressions, sql` and `)})`;
}

export function or(expressions: readonly SqlExpression[]): SqlExpression {
  if (expressions.length === 0) return FALSE;
  if (expressions.length === 1) return expressions[0] as SqlExpression;

  return sql`(${sql.join(expressions, sql` or `)})`;
}

export function not(expression: SqlExpression): SqlExpression {
  return sql`not (${expression})`;
}

export function isNull(ref: SqlExpression): SqlExpression {
  return sql`${ref} is null`;
}

// Fragments are immutable, so identifiers are built once and reused by every query: building
// them anew for each list costs a few microseconds each, which shows on sub-millisecond queries.
const identifiers = new Map<string, SqlExpression>();

/** `alias.column`, both quoted by the dialect. */
export function columnRef(alias: string, column: string): SqlExpression {
  return identifier(alias, column);
}

/** A quoted identifier (`"t0"`, `"t0"."title"`), built once per name. */
export function identifier(...names: string[]): SqlExpression {
  const key = names.join('\u0000');
  let cached = identifiers.get(key);
  if (!cached) {
    cached = sql.id(...names);
    // Names come from the schema and generated aliases, so the cache stays small; bound it anyway.
    if (identifiers.size < 10_000) identifiers.set(key, cached);
  }

  return cached;
}
