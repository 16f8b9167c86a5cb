import type { DateOperation } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import { InvalidValueError } from '../../query/errors/database-errors';
import type { SqlExpression } from '../../query/sql-expression';
import type { ColumnInfo } from '../../query/table-model';
import { fromDatabaseValue, toDateValue, toIsoDay, toTimeValue, valueReader } from '../../query/values/convert-values';
import { nativeOperatorsFor } from '../native-operators';
import type { SqlFlavor } from '../sql-flavor';

const UNITS: Record<DateOperation, string> = {
  Day: 'day',
  Week: 'week',
  Month: 'month',
  Quarter: 'quarter',
  Year: 'year',
};

/** PostgreSQL: LIKE/ILIKE, `~` regular expressions, array operators, `AT TIME ZONE` buckets. @internal */
export const postgresFlavor: SqlFlavor = {
  dialect: 'postgres',
  needsOffsetSegments: false,
  supportsReturning: true,

  columnValue(ref) {
    return ref;
  },

  nativeOperators(column) {
    const isArray = Array.isArray(column.columnType);

    return nativeOperatorsFor(column, isArray ? ['IncludesAll', 'IncludesNone'] : ['Match']);
  },

  like(ref, pattern, caseSensitive) {
    refuseNul(pattern, undefined);
    return caseSensitive ? sql`${ref} like ${pattern}` : sql`${ref} ilike ${pattern}`;
  },

  inArray(ref, values, negate) {
    return negate ? sql`${ref} <> all(${values})` : sql`${ref} = any(${values})`;
  },

  charLength(ref) {
    return sql`char_length(${ref})`;
  },

  regexp(ref, source, caseInsensitive) {
    refuseNul(source, undefined);
    return caseInsensitive ? sql`${ref} ~* ${source}` : sql`${ref} ~ ${source}`;
  },

  arrayContains(ref, values, column) {
    return sql`${ref} @> ${postgresFlavor.toDatabase(values, column)}`;
  },

  arrayOverlaps(ref, values, column) {
    return sql`${ref} && ${postgresFlavor.toDatabase(values, column)}`;
  },

  orderBy(ref, ascending, nullable) {
    // PostgreSQL sorts nulls last when ascending; say it only when needed, so indexes still serve.
    if (!nullable) return ascending ? sql`${ref} asc` : sql`${ref} desc`;

    return ascending ? sql`${ref} asc nulls first` : sql`${ref} desc nulls last`;
  },

  dateBucket(ref, column, operation, timezone) {
    const local = localTime(ref, column, timezone);

    return sql`to_char(date_trunc(${sql.lit(UNITS[operation])}, ${local}), 'YYYY-MM-DD')`;
  },

  toDatabase(value, column) {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string' && column.columnType !== 'Json') refuseNul(value, column);
    if (Array.isArray(column.columnType)) {
      if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') refuseNul(item, column);
      return value;
    }
    switch (column.columnType) {
      case 'Date':
        return toDateValue(value)?.toISOString() ?? value;
      case 'Dateonly':
        return toIsoDay(value);
      case 'Time':
        return toTimeValue(value);
      case 'Json':
        return JSON.stringify(value);
      case 'Point':
        return Array.isArray(value) ? `(${Number(value[0])},${Number(value[1])})` : value;
      default:
        return value;
    }
  },

  fromDatabase(value, column) {
    return fromDatabaseValue(value, column.columnType);
  },

  valueReader(column) {
    return valueReader(column.columnType);
  },
};

/**
 * PostgreSQL text cannot hold U+0000: a value with it fails the statement with "invalid byte
 * sequence" (22021). Refused here, before any statement, with the field named when known.
 */
function refuseNul(text: string, column: ColumnInfo | undefined): void {
  if (!text.includes('\u0000')) return;
  const where = column ? ` of '${column.name}'` : '';
  throw new InvalidValueError(
    `The value${where} contains a NUL character (\\u0000), which PostgreSQL text cannot hold: remove it.`,
    { details: { field: column?.name ?? null } },
  );
}

/** The wall-clock time of `ref` in `timezone`: timestamps without zone hold UTC, dates have no zone. */
function localTime(ref: SqlExpression, column: ColumnInfo, timezone: string): SqlExpression {
  const type = column.sqlType.toLowerCase();
  if (column.columnType === 'Dateonly' || type === 'date') return sql`${ref}::timestamp`;
  const hasZone = type.includes('tz') || type.includes('with time zone');

  return hasZone ? sql`(${ref} at time zone ${timezone})` : sql`((${ref} at time zone 'UTC') at time zone ${timezone})`;
}
