import type { DateTime } from 'luxon';
import type { ColumnType } from '../../../schema/column-type';
import type { ConditionTree } from '../condition-tree';
import { ConditionTreeFactory } from '../condition-tree-factory';
import { ConditionTreeLeaf } from '../condition-tree-leaf';
import { getDateRange } from './date-range';
import type { RelativeDateOperator } from './relative-date-operators';

/**
 * Rewrites a relative date condition (`Today`, `PreviousMonth`, `BeforeXHoursAgo`...) into plain
 * comparisons: `GreaterThanOrEqual start And LessThan end` (`GreaterThan` for an excluded start).
 * Bounds are ISO 8601 instants in UTC for `Date` columns and `YYYY-MM-DD` days in the caller's
 * time zone for `Dateonly` columns. In-memory matching uses this same rewrite.
 *
 * @example relativeDateTree(new ConditionTreeLeaf('at', 'Today'), 'Date', 'Europe/Paris', now)
 * // at >= '2026-03-28T23:00:00.000Z' And at < '2026-03-29T22:00:00.000Z' (a 23-hour day)
 */
export function relativeDateTree(
  leaf: { readonly field: string; readonly operator: RelativeDateOperator; readonly value?: unknown },
  columnType: ColumnType | undefined,
  timezone: string,
  now: Date = new Date(),
): ConditionTree {
  const dayPrecision = columnType === 'Dateonly';
  const range = getDateRange(leaf.operator, leaf.value, timezone, now, dayPrecision);
  const format = (bound: DateTime): string =>
    dayPrecision ? (bound.toISODate() ?? '') : (bound.toUTC().toISO() ?? '');
  const conditions: ConditionTree[] = [];
  if (range.start) {
    const operator = range.exclusiveStart ? 'GreaterThan' : 'GreaterThanOrEqual';
    conditions.push(new ConditionTreeLeaf(leaf.field, operator, format(range.start)));
  }
  if (range.end) conditions.push(new ConditionTreeLeaf(leaf.field, 'LessThan', format(range.end)));

  return ConditionTreeFactory.intersect(...conditions);
}
