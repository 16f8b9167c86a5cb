import type { DateOperation } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import type { SqlExpression } from '../../query/sql-expression';
import { fromDatabaseValue, toDateValue, toIsoDay, toTimeValue, valueReader } from '../../query/values/convert-values';
import { nativeOperatorsFor } from '../native-operators';
import { offsetCase } from '../offset-case';
import type { SqlFlavor } from '../sql-flavor';

/**
 * SQLite. Its LIKE ignores ASCII case, so `ILike` is `LIKE ... ESCAPE '\'` and the case-sensitive
 * `Like` is a `GLOB` with the pattern translated (GLOB is case-sensitive and has no escape
 * character: literal `*`, `?` and `[` become one-character classes). SQLite has no time zones:
 * date buckets shift instants by precomputed offset segments. No regular expressions (`Match`) and
 * no arrays.
 * @internal
 */
export const sqliteFlavor: SqlFlavor = {
  dialect: 'sqlite',
  needsOffsetSegments: true,
  supportsReturning: true,

  // Dates are text: ISO 8601 as this package writes them, `YYYY-MM-DD HH:MM:SS` from
  // CURRENT_TIMESTAMP defaults. One canonical form makes comparisons and sorts exact.
  columnValue(ref, column) {
    return column.columnType === 'Date' ? sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${ref})` : ref;
  },

  nativeOperators(column) {
    return nativeOperatorsFor(column, []);
  },

  like(ref, pattern, caseSensitive) {
    return caseSensitive ? sql`${ref} glob ${likeToGlob(pattern)}` : sql`${ref} like ${pattern} escape '\\'`;
  },

  // Only text and finite numbers survive the trip through JSON unchanged (not blobs or bigints).
  inArray(ref, values, negate) {
    const isJsonSafe = values.every(
      (value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)),
    );
    if (!isJsonSafe) return undefined;
    const list = sql`(select value from json_each(${JSON.stringify(values)}))`;

    return negate ? sql`${ref} not in ${list}` : sql`${ref} in ${list}`;
  },

  charLength(ref) {
    return sql`length(${ref})`;
  },

  regexp() {
    throw new Error('SQLite has no regular expressions.');
  },

  arrayContains() {
    throw new Error('SQLite has no array columns.');
  },

  arrayOverlaps() {
    throw new Error('SQLite has no array columns.');
  },

  // SQLite sorts nulls first when ascending and last when descending, as the toolkit does.
  orderBy(ref, ascending) {
    return ascending ? sql`${ref} asc` : sql`${ref} desc`;
  },

  dateBucket(ref, column, operation, _timezone, segments) {
    const local =
      column.columnType === 'Dateonly'
        ? sql`date(${ref})`
        : sql`datetime(${ref}, ${offsetCase(ref, segments, (start) => start.toISOString(), toModifier)})`;

    return bucket(local, operation);
  },

  toDatabase(value, column) {
    if (value === null || value === undefined) return null;
    if (typeof value === 'boolean') return Number(value);
    switch (column.columnType) {
      case 'Date': {
        const date = toDateValue(value);
        return date ? date.toISOString() : value;
      }
      case 'Dateonly':
        return toIsoDay(value);
      case 'Time':
        return toTimeValue(value);
      case 'Json':
        return JSON.stringify(value);
      default:
        return value instanceof Date ? value.toISOString() : value;
    }
  },

  fromDatabase(value, column) {
    return fromDatabaseValue(value, column.columnType);
  },

  valueReader(column) {
    return valueReader(column.columnType);
  },
};

function toModifier(minutes: number): string {
  return `${minutes >= 0 ? '+' : ''}${minutes} minutes`;
}

/** A backslash-escaped LIKE pattern as a GLOB pattern. @internal */
export function likeToGlob(pattern: string): string {
  let glob = '';
  for (let index = 0; index < pattern.length; index += 1) {
    let char = pattern[index] as string;
    if (char === '\\' && index + 1 < pattern.length) {
      index += 1;
      char = pattern[index] as string;
      glob += char === '*' || char === '?' || char === '[' ? `[${char}]` : char;
    } else if (char === '%') glob += '*';
    else if (char === '_') glob += '?';
    else glob += char === '*' || char === '?' || char === '[' ? `[${char}]` : char;
  }

  return glob;
}

function bucket(local: SqlExpression, operation: DateOperation): SqlExpression {
  switch (operation) {
    case 'Day':
      return sql`strftime('%Y-%m-%d', ${local})`;
    case 'Week':
      // Next Sunday (or today if Sunday), then back to its Monday.
      return sql`date(${local}, 'weekday 0', '-6 days')`;
    case 'Month':
      return sql`strftime('%Y-%m-01', ${local})`;
    case 'Quarter':
      return sql`case when ${local} is null then null else printf('%s-%02d-01', strftime('%Y', ${local}), ((cast(strftime('%m', ${local}) as integer) - 1) / 3) * 3 + 1) end`;
    case 'Year':
      return sql`strftime('%Y-01-01', ${local})`;
    default: {
      const unknownOperation: never = operation;
      throw new Error(`Unknown date operation ${String(unknownOperation)}`);
    }
  }
}
