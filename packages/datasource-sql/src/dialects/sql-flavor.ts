import type { DateOperation, Operator } from '@platform/datasource-toolkit';
import type { SqlExpression } from '../query/sql-expression';
import type { ColumnInfo } from '../query/table-model';

/** A period during which a time zone keeps one UTC offset: `[start, end)` in UTC. @internal */
export interface OffsetSegment {
  /** Undefined for the first segment (unbounded). */
  readonly start?: Date;
  readonly offsetMinutes: number;
}

/**
 * What differs between SQL dialects in query translation: the operators each runs natively, text
 * matching, date buckets, and how values travel to and from the driver. One implementation per
 * dialect, in the same shape (postgres, mysql, sqlite).
 * @internal
 */
export interface SqlFlavor {
  readonly dialect: 'postgres' | 'mysql' | 'sqlite';

  /**
   * How a column is read in filters, sorts, groups and selections. Identity except where stored
   * values need normalising to compare right (SQLite dates written in several text formats).
   */
  columnValue(ref: SqlExpression, column: ColumnInfo): SqlExpression;

  /** Operators translated to SQL directly on this column; the equivalence layer derives the rest. */
  nativeOperators(column: ColumnInfo): ReadonlySet<Operator>;

  /** `ref LIKE pattern`, case-sensitive or not. The pattern escapes with a backslash. */
  like(ref: SqlExpression, pattern: string, caseSensitive: boolean): SqlExpression;

  /**
   * `ref in (values)` (or `not in` when `negate`) with the whole list as one parameter: an array
   * on PostgreSQL (`= any($1)`), a JSON text on SQLite (`json_each`). Undefined where the dialect
   * (or these values) cannot: the list then binds one parameter per value.
   */
  inArray?(ref: SqlExpression, values: readonly unknown[], negate: boolean): SqlExpression | undefined;

  /** Number of characters of a text value. */
  charLength(ref: SqlExpression): SqlExpression;

  /** `ref` matches the regular expression (only where `Match` is native). */
  regexp(ref: SqlExpression, source: string, caseInsensitive: boolean): SqlExpression;

  /** Array column contains every value / shares a value with `values` (only where native). */
  arrayContains(ref: SqlExpression, values: readonly unknown[], column: ColumnInfo): SqlExpression;
  arrayOverlaps(ref: SqlExpression, values: readonly unknown[], column: ColumnInfo): SqlExpression;

  /**
   * `ORDER BY` of one clause, with nulls first when ascending and last when descending, as the
   * toolkit sorts in memory. `nullable` false lets the dialect keep index-friendly defaults.
   */
  orderBy(ref: SqlExpression, ascending: boolean, nullable: boolean): SqlExpression;

  /**
   * The `YYYY-MM-DD` key of the period `ref` falls in, in `timezone`. Dialects without usable
   * time zone support get `segments`, the UTC offsets of the zone over the grouped rows.
   */
  dateBucket(
    ref: SqlExpression,
    column: ColumnInfo,
    operation: DateOperation,
    timezone: string,
    segments: readonly OffsetSegment[],
  ): SqlExpression;

  /** Whether `dateBucket` needs offset segments (computed from the MIN/MAX of the column). */
  readonly needsOffsetSegments: boolean;

  /** Whether INSERT ... RETURNING is available (else inserted rows are read back by key). */
  readonly supportsReturning: boolean;

  /** A value of the API as the driver should bind it for this column. */
  toDatabase(value: unknown, column: ColumnInfo): unknown;

  /** A value read by the driver as the API returns it. */
  fromDatabase(value: unknown, column: ColumnInfo): unknown;

  /** `fromDatabase` for one column, prepared once (lists read the same columns on every row). */
  valueReader(column: ColumnInfo): (value: unknown) => unknown;
}
