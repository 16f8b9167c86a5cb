import { sql } from 'kysely';
import type { SqlExpression } from '../query/sql-expression';
import type { OffsetSegment } from './sql-flavor';

/**
 * `CASE WHEN instant < start2 THEN offset1 WHEN instant < start3 THEN offset2 ... ELSE offsetN END`:
 * the UTC offset of each row's instant, from precomputed segments. Bounds and offsets are bound
 * parameters, formatted by the dialect.
 * @internal
 */
export function offsetCase(
  instant: SqlExpression,
  segments: readonly OffsetSegment[],
  formatBound: (start: Date) => unknown,
  formatOffset: (minutes: number) => unknown,
): SqlExpression {
  const [first, ...rest] = segments;
  if (!first) return sql`${formatOffset(0)}`;
  if (rest.length === 0) return sql`${formatOffset(first.offsetMinutes)}`;

  const whens: SqlExpression[] = [];
  let current = first;
  for (const next of rest) {
    whens.push(sql`when ${instant} < ${formatBound(next.start as Date)} then ${formatOffset(current.offsetMinutes)}`);
    current = next;
  }

  return sql`(case ${sql.join(whens, sql` `)} else ${formatOffset(current.offsetMinutes)} end)`;
}
