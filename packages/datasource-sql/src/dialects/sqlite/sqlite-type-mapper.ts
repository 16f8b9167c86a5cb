import type { SqlTypeHints, SqlTypeMapping } from '../sql-dialect';

const NUMBER = (numericKind: SqlTypeMapping['numericKind']): SqlTypeMapping => ({ columnType: 'Number', numericKind });
const OF = (columnType: SqlTypeMapping['columnType']): SqlTypeMapping => ({ columnType });

// SQLite keeps any declared type name. Names with a clear meaning map first; the rest follow
// SQLite's own affinity rules (https://www.sqlite.org/datatype3.html#determination_of_column_affinity).
const NAMED: Record<string, SqlTypeMapping> = {
  boolean: OF('Boolean'),
  bool: OF('Boolean'),
  date: OF('Dateonly'),
  datetime: OF('Date'),
  timestamp: OF('Date'),
  timestamptz: OF('Date'),
  time: OF('Time'),
  json: OF('Json'),
  jsonb: OF('Json'),
  uuid: OF('Uuid'),
  bigint: NUMBER('bigint'),
  decimal: NUMBER('decimal'),
  numeric: NUMBER('decimal'),
  money: NUMBER('decimal'),
};

/**
 * Maps a SQLite declared type (`VARCHAR(20)`, `INTEGER`, `DATETIME`, `DECIMAL(10,2)`). A column
 * without declared type, or whose name means nothing to SQLite's affinity rules but NUMERIC
 * (`TSVECTOR`, `GEOMETRY`), is unknown: null.
 */
export function mapSqliteType(sqlType: string, hints: SqlTypeHints = {}): SqlTypeMapping | null {
  if (hints.isEnum) return OF('Enum');
  const type = sqlType
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '');
  const named = NAMED[type];
  if (named !== undefined) return named;
  if (type.includes('int')) return NUMBER('integer');
  if (/char|clob|text/.test(type)) return OF('String');
  if (type.includes('blob')) return OF('Binary');
  if (/real|floa|doub/.test(type)) return NUMBER('float');

  return null;
}
