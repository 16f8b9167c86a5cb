import type { DateOperation } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import type { SqlExpression } from '../../query/sql-expression';
import { fromDatabaseValue, toDateValue, toIsoDay, toTimeValue, valueReader } from '../../query/values/convert-values';
import { nativeOperatorsFor } from '../native-operators';
import { offsetCase } from '../offset-case';
import type { SqlFlavor } from '../sql-flavor';

/**
 * MySQL and MariaDB. `LIKE BINARY` is case-sensitive whatever the collation; `ILike` lowers both
 * sides. Date buckets shift instants by precomputed offset segments, because `CONVERT_TZ` with
 * named zones needs the server's time zone tables, which are often not loaded.
 * @internal
 */
export const mysqlFlavor: SqlFlavor = {
  dialect: 'mysql',
  needsOffsetSegments: true,
  supportsReturning: false,

  // Unmapped types are shown as text: the driver would return BIT as a Buffer, spatial values as objects.
  columnValue(ref, column) {
    if (!column.isOpaque) return ref;
    if (/geometry|point|linestring|polygon/.test(column.sqlType)) return sql`st_astext(${ref})`;

    return /^bit/.test(column.sqlType) ? sql`bin(${ref})` : ref;
  },

  nativeOperators(column) {
    return nativeOperatorsFor(column, ['Match']);
  },

  like(ref, pattern, caseSensitive) {
    return caseSensitive ? sql`${ref} like binary ${pattern}` : sql`lower(${ref}) like lower(${pattern})`;
  },

  charLength(ref) {
    return sql`char_length(${ref})`;
  },

  regexp(ref, source, caseInsensitive) {
    // PCRE (MariaDB) and ICU (MySQL 8) both read inline flags; without one, the collation decides.
    return sql`${ref} regexp ${caseInsensitive ? `(?i)${source}` : `(?-i)${source}`}`;
  },

  arrayContains() {
    throw new Error('MySQL has no array columns.');
  },

  arrayOverlaps() {
    throw new Error('MySQL has no array columns.');
  },

  // MySQL sorts nulls first when ascending and last when descending, as the toolkit does.
  orderBy(ref, ascending) {
    return ascending ? sql`${ref} asc` : sql`${ref} desc`;
  },

  dateBucket(ref, column, operation, _timezone, segments) {
    const local =
      column.columnType === 'Dateonly'
        ? ref
        : sql`date_add(${ref}, interval ${offsetCase(ref, segments, toMysqlDateTime, (minutes) => minutes)} minute)`;

    return bucket(local, operation);
  },

  toDatabase(value, column) {
    if (value === null || value === undefined) return null;
    switch (column.columnType) {
      case 'Date': {
        const date = toDateValue(value);
        return date ? toMysqlDateTime(date) : value;
      }
      case 'Dateonly':
        return toIsoDay(value);
      case 'Time':
        return toTimeValue(value);
      case 'Boolean':
        return typeof value === 'boolean' ? Number(value) : value;
      case 'Json':
        return JSON.stringify(value);
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

/** `YYYY-MM-DD HH:mm:ss.SSS` in UTC: DATETIME columns hold UTC wall-clock times. */
function toMysqlDateTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

function bucket(local: SqlExpression, operation: DateOperation): SqlExpression {
  switch (operation) {
    case 'Day':
      return sql`date_format(${local}, '%Y-%m-%d')`;
    case 'Week':
      return sql`date_format(date_sub(${local}, interval weekday(${local}) day), '%Y-%m-%d')`;
    case 'Month':
      return sql`date_format(${local}, '%Y-%m-01')`;
    case 'Quarter':
      return sql`concat(year(${local}), '-', lpad(quarter(${local}) * 3 - 2, 2, '0'), '-01')`;
    case 'Year':
      return sql`date_format(${local}, '%Y-01-01')`;
    default: {
      const unknownOperation: never = operation;
      throw new Error(`Unknown date operation ${String(unknownOperation)}`);
    }
  }
}
