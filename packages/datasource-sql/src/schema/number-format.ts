import type { NumberFormat } from '@platform/datasource-toolkit';
import type { IntrospectedColumn, Introspection } from '../introspection/introspection';

type Range = readonly [min: bigint, max: bigint];

const signed = (bits: number): Range => [-(2n ** BigInt(bits - 1)), 2n ** BigInt(bits - 1) - 1n];
const unsigned = (bits: number): Range => [0n, 2n ** BigInt(bits) - 1n];
const INT8 = signed(64);

const POSTGRES_RANGES: Record<string, Range> = {
  smallint: signed(16),
  int2: signed(16),
  integer: signed(32),
  int: signed(32),
  int4: signed(32),
};
const MYSQL_BITS: Record<string, number> = { tinyint: 8, smallint: 16, mediumint: 24, int: 32, integer: 32 };

/**
 * Which numbers a Number column holds, from its native type: decimal and float columns hold
 * fractions; integer columns hold whole numbers of their size (PostgreSQL int2/int4/int8, MySQL
 * TINYINT to BIGINT, signed or UNSIGNED, YEAR; every SQLite INTEGER is 64-bit). Undefined for
 * other columns. @internal
 */
export function numberFormatOf(
  column: IntrospectedColumn,
  dialect: Introspection['dialect'],
): NumberFormat | undefined {
  if (column.columnType !== 'Number' || column.numericKind === undefined) return undefined;
  if (column.numericKind === 'decimal' || column.numericKind === 'float') return { kind: 'decimal' };
  const [min, max] = integerRange(column.sqlType, dialect);

  return { kind: 'integer', min: min.toString(), max: max.toString() };
}

function integerRange(sqlType: string, dialect: Introspection['dialect']): Range {
  const type = sqlType.trim().toLowerCase();
  const base = type
    .replace(/\(.*?\)/g, '')
    .replace(/\b(unsigned|signed|zerofill)\b/g, '')
    .trim();
  switch (dialect) {
    case 'postgres':
      return POSTGRES_RANGES[base] ?? INT8;
    case 'mysql': {
      if (base === 'year') return [0n, 2155n];
      const bits = MYSQL_BITS[base] ?? 64;
      return /\bunsigned\b/.test(type) ? unsigned(bits) : signed(bits);
    }
    case 'sqlite':
      return INT8;
    default: {
      const unknown: never = dialect;
      return unknown;
    }
  }
}
