import type { SqlTypeHints, SqlTypeMapping } from '../sql-dialect';

const NUMBER = (numericKind: SqlTypeMapping['numericKind']): SqlTypeMapping => ({ columnType: 'Number', numericKind });
const OF = (columnType: SqlTypeMapping['columnType']): SqlTypeMapping => ({ columnType });

// Keys are `format_type()` spellings with their modifiers removed, plus the usual aliases.
// Deliberately absent (exposed read-only as unknown): money (locale-formatted text), interval,
// inet/cidr/macaddr, tsvector, xml, bit strings, geometric types other than point, ranges.
const TYPES: Record<string, SqlTypeMapping> = {
  smallint: NUMBER('integer'),
  integer: NUMBER('integer'),
  int: NUMBER('integer'),
  int2: NUMBER('integer'),
  int4: NUMBER('integer'),
  bigint: NUMBER('bigint'),
  int8: NUMBER('bigint'),
  numeric: NUMBER('decimal'),
  decimal: NUMBER('decimal'),
  real: NUMBER('float'),
  float4: NUMBER('float'),
  'double precision': NUMBER('float'),
  float8: NUMBER('float'),
  boolean: OF('Boolean'),
  bool: OF('Boolean'),
  date: OF('Dateonly'),
  'timestamp without time zone': OF('Date'),
  'timestamp with time zone': OF('Date'),
  timestamp: OF('Date'),
  timestamptz: OF('Date'),
  'time without time zone': OF('Time'),
  'time with time zone': OF('Time'),
  time: OF('Time'),
  timetz: OF('Time'),
  uuid: OF('Uuid'),
  json: OF('Json'),
  jsonb: OF('Json'),
  bytea: OF('Binary'),
  text: OF('String'),
  'character varying': OF('String'),
  varchar: OF('String'),
  character: OF('String'),
  char: OF('String'),
  bpchar: OF('String'),
  '"char"': OF('String'),
  name: OF('String'),
  citext: OF('String'),
  point: OF('Point'),
};

/**
 * Maps a PostgreSQL type as `format_type()` spells it (`character varying(20)`, `numeric(10,2)`,
 * `timestamp(3) with time zone`, `text[]`). Arrays become `[elementType]`; enums (`hints.isEnum`,
 * about the element for arrays) become `Enum`. Unknown types give null.
 */
export function mapPostgresType(sqlType: string, hints: SqlTypeHints = {}): SqlTypeMapping | null {
  const type = sqlType.trim().toLowerCase();
  if (type.endsWith('[]')) {
    const element = mapPostgresType(type.slice(0, -2), hints);
    // Nested arrays are read as flat arrays of their element by the driver: keep one level.
    return element === null ? null : { ...element, columnType: [element.columnType] };
  }
  if (hints.isEnum) return OF('Enum');

  return TYPES[type.replace(/\s*\(\s*\d+(\s*,\s*\d+)?\s*\)/g, '')] ?? null;
}
