import type { ColumnType } from '@platform/datasource-toolkit';
import { bigintValue, decimalValue } from './value-rules';

/** A constant found in a column default. @internal */
export type SqlLiteral =
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'null' };

/**
 * Reads a default as the catalogs print it (`'draft'::book_status`, `(-1)`, `TRUE`, `NULL`,
 * `'it''s'`). Returns undefined for expressions (`now()`, `nextval(...)`, `CURRENT_TIMESTAMP`).
 * Backslashes escape only where the server says so (MySQL/MariaDB), not in standard SQL strings.
 * @internal
 */
export function parseSqlLiteral(
  expression: string,
  { backslashEscapes = false }: { backslashEscapes?: boolean } = {},
): SqlLiteral | undefined {
  let text = expression.trim();
  // PostgreSQL casts (`::text`, `::character varying[]`) and wrapping parentheses carry no value.
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(/::[a-z_][\w ."[\]()]*$/i, '').trim();
    if (/^\(.*\)$/s.test(text)) text = text.slice(1, -1).trim();
  }
  const quoted = (backslashEscapes ? /^'((?:[^'\\]|''|\\.)*)'$/s : /^'((?:[^']|'')*)'$/s).exec(text);
  if (quoted) return { kind: 'string', text: unescapeQuoted(quoted[1] ?? '', backslashEscapes) };
  if (/^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return { kind: 'number', text: text.replace(/^\+/, '') };
  if (/^(true|false)$/i.test(text)) return { kind: 'boolean', value: text.toLowerCase() === 'true' };
  if (/^null$/i.test(text)) return { kind: 'null' };
  return undefined;
}

const BACKSLASH_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', 0: '\0' };

function unescapeQuoted(body: string, backslashEscapes: boolean): string {
  const unquoted = body.replace(/''/g, "'");
  return backslashEscapes ? unquoted.replace(/\\(.)/g, (_, char: string) => BACKSLASH_ESCAPES[char] ?? char) : unquoted;
}

/**
 * The default value a record gets for a literal, in the column's type: numbers follow the value
 * rules, `1`/`'t'` become true for booleans, JSON text is parsed. Undefined when it does not fit.
 * @internal
 */
export function literalToDefault(
  literal: SqlLiteral,
  columnType: ColumnType | null,
  numericKind?: 'integer' | 'bigint' | 'decimal' | 'float',
): unknown {
  if (literal.kind === 'null') return undefined;
  const raw = literal.kind === 'boolean' ? literal.value : literal.text;
  switch (columnType) {
    case 'Number':
      return toNumber(raw, numericKind);
    case 'Boolean':
      return toBoolean(raw);
    case 'Json':
      return toJson(raw);
    default:
      if (Array.isArray(columnType)) return raw === '{}' || raw === '[]' ? [] : undefined;
      return typeof raw === 'string' ? raw : undefined;
  }
}

function toNumber(raw: string | boolean, numericKind: string | undefined): unknown {
  if (typeof raw !== 'string' || !Number.isFinite(Number(raw)) || raw.trim() === '') return undefined;
  if (numericKind === 'bigint') return bigintValue(raw);
  if (numericKind === 'decimal') return decimalValue(raw);
  return Number(raw);
}

function toBoolean(raw: string | boolean): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  const lowered = raw.toLowerCase();
  if (['1', 't', 'true', 'y', 'yes', 'on'].includes(lowered)) return true;
  if (['0', 'f', 'false', 'n', 'no', 'off'].includes(lowered)) return false;
  return undefined;
}

function toJson(raw: string | boolean): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
