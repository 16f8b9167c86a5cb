import type { SqlTypeHints, SqlTypeMapping } from '../sql-dialect';

const NUMBER = (numericKind: SqlTypeMapping['numericKind']): SqlTypeMapping => ({ columnType: 'Number', numericKind });
const OF = (columnType: SqlTypeMapping['columnType']): SqlTypeMapping => ({ columnType });

// Keys are base type names, without display width, length or `unsigned`.
// Deliberately absent (exposed read-only as unknown): BIT (a Buffer), SET (comma lists), spatial
// types (GEOMETRY, POINT... need ST_ functions to write), MariaDB INET4/INET6.
const TYPES: Record<string, SqlTypeMapping> = {
  tinyint: NUMBER('integer'),
  smallint: NUMBER('integer'),
  mediumint: NUMBER('integer'),
  int: NUMBER('integer'),
  integer: NUMBER('integer'),
  year: NUMBER('integer'),
  bigint: NUMBER('bigint'),
  decimal: NUMBER('decimal'),
  numeric: NUMBER('decimal'),
  dec: NUMBER('decimal'),
  fixed: NUMBER('decimal'),
  float: NUMBER('float'),
  double: NUMBER('float'),
  'double precision': NUMBER('float'),
  real: NUMBER('float'),
  bool: OF('Boolean'),
  boolean: OF('Boolean'),
  date: OF('Dateonly'),
  datetime: OF('Date'),
  timestamp: OF('Date'),
  time: OF('Time'),
  char: OF('String'),
  varchar: OF('String'),
  tinytext: OF('String'),
  text: OF('String'),
  mediumtext: OF('String'),
  longtext: OF('String'),
  json: OF('Json'),
  uuid: OF('Uuid'),
  binary: OF('Binary'),
  varbinary: OF('Binary'),
  tinyblob: OF('Binary'),
  blob: OF('Binary'),
  mediumblob: OF('Binary'),
  longblob: OF('Binary'),
};

/**
 * Maps a MySQL/MariaDB `COLUMN_TYPE` (`int(11) unsigned`, `tinyint(1)`, `enum('a','b')`,
 * `decimal(10,2)`). `tinyint(1)` is how BOOLEAN is stored, so it maps to Boolean. MariaDB's JSON is
 * a LONGTEXT with a `json_valid` check, flagged by `hints.isJson`. Unknown types give null.
 */
export function mapMysqlType(sqlType: string, hints: SqlTypeHints = {}): SqlTypeMapping | null {
  const type = sqlType.trim().toLowerCase();
  if (/^tinyint\(1\)/.test(type)) return OF('Boolean');
  if (type.startsWith('enum(') || hints.isEnum) return OF('Enum');
  if (hints.isJson) return OF('Json');
  const base = type
    .replace(/\(.*?\)/g, '')
    .replace(/\b(unsigned|signed|zerofill)\b/g, '')
    .trim();

  return TYPES[base] ?? null;
}
