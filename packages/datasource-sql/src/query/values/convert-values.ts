import type { ColumnType } from '@platform/datasource-toolkit';

/**
 * Conversions shared by every dialect, from what drivers return to what the API returns:
 * - `Number`: a JS number when exact (integers within ±2^53, decimals of 15 significant digits or
 *   fewer), otherwise the exact decimal string (big `bigint`/`decimal` values are never rounded);
 * - `Boolean`: `true`/`false` (MySQL and SQLite store 0/1);
 * - `Date`: a JS `Date` (instants; timestamps without zone are read as UTC);
 * - `Dateonly`: `'YYYY-MM-DD'`; `Time`: `'HH:mm:ss'` (with `.SSS` only when not zero);
 * - `Json`: parsed values (MariaDB and SQLite return text);
 * - arrays: arrays of converted items.
 * @internal
 */
export function fromDatabaseValue(value: unknown, columnType: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(columnType))
    return toArray(value).map((item) => fromDatabaseValue(item, columnType[0] as ColumnType));
  if (typeof columnType === 'object') return toJson(value);

  switch (columnType) {
    case 'Number':
      return toNumber(value);
    case 'Boolean':
      return toBoolean(value);
    case 'Date':
      return toInstant(value);
    case 'Dateonly':
      return toDateOnly(value);
    case 'Time':
      return toTime(value);
    case 'Json':
      return toJson(value);
    case 'Point':
      return toPoint(value);
    case 'String':
    case 'Enum':
    case 'Uuid':
    case 'File':
      return value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : value;
    case 'Binary':
      return value;
    default: {
      const unknownType: never = columnType;
      return unknownType;
    }
  }
}

/**
 * `fromDatabaseValue` for one column type, prepared once: values already in the API's shape (a
 * number for Number, a string for String, a `Date` for Date...) are returned without going
 * through the conversions, which return them unchanged anyway. For lists, which read the same
 * columns on every row.
 * @internal
 */
export function valueReader(columnType: ColumnType): (value: unknown) => unknown {
  const convert = (value: unknown): unknown => fromDatabaseValue(value, columnType);
  switch (columnType) {
    case 'Number':
      return (value) => (typeof value === 'number' ? value : convert(value));
    case 'Boolean':
      return (value) => (typeof value === 'boolean' ? value : convert(value));
    case 'Date':
      return (value) => (value instanceof Date ? value : convert(value));
    case 'String':
    case 'Enum':
    case 'Uuid':
    case 'File':
      return (value) => (typeof value === 'string' ? value : convert(value));
    default:
      return convert;
  }
}

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d*\.?\d+(e[-+]?\d+)?$/i;

function toNumber(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : String(value);
  }
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (INTEGER.test(text)) return Number.isSafeInteger(Number(text)) ? Number(text) : text;
  if (!DECIMAL.test(text)) return value;
  const digits = text.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');

  return digits.length <= 15 ? Number(text) : text;
}

function toBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value) !== 0;
  if (value instanceof Uint8Array) return value.some((byte) => byte !== 0);
  if (typeof value === 'string') return ['1', 't', 'true', 'y', 'yes'].includes(value.toLowerCase());

  return value;
}

const HAS_ZONE = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

function toInstant(value: unknown): unknown {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(' ', 'T');
  const date = new Date(HAS_ZONE.test(text) || text.length <= 10 ? text : `${text}Z`);

  return Number.isNaN(date.getTime()) ? value : date;
}

function toDateOnly(value: unknown): unknown {
  if (value instanceof Date) {
    // Drivers build DATE values at midnight, UTC or local depending on their settings.
    const isUtcMidnight = value.getUTCHours() === 0 && value.getUTCMinutes() === 0;
    const [year, month, day] = isUtcMidnight
      ? [value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()]
      : [value.getFullYear(), value.getMonth() + 1, value.getDate()];

    return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  }

  return typeof value === 'string' ? value.slice(0, 10) : value;
}

function toTime(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?(?:\.(\d+))?/.exec(value);
  if (!match) return value;
  const [, hours, minutes, seconds = '00', fraction = ''] = match;
  const millis = fraction.padEnd(3, '0').slice(0, 3);

  return `${hours}:${minutes}:${seconds}${millis === '000' ? '' : `.${millis}`}`;
}

function toJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return toJson(Buffer.from(value).toString('utf8'));
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function toPoint(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'x' in value && 'y' in value) {
    return [Number((value as { x: unknown }).x), Number((value as { y: unknown }).y)];
  }
  if (typeof value === 'string') {
    const match = /^\(?\s*(-?[\d.e+-]+)\s*,\s*(-?[\d.e+-]+)\s*\)?$/i.exec(value);
    if (match) return [Number(match[1]), Number(match[2])];
  }

  return value;
}

function toArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    if (value.startsWith('[')) {
      const parsed = toJson(value);
      if (Array.isArray(parsed)) return parsed;
    }
    if (value.startsWith('{')) return parsePostgresArray(value);
  }

  return [value];
}

/** Parses a one-dimensional PostgreSQL array literal (`{a,"b c",NULL}`), as pg returns enum arrays. */
export function parsePostgresArray(literal: string): Array<string | null> {
  const body = literal.slice(1, -1);
  if (body === '') return [];
  const items: Array<string | null> = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index] as string;
    if (quoted) {
      if (char === '\\') {
        index += 1;
        current += body[index] ?? '';
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      items.push(!wasQuoted && current === 'NULL' ? null : current);
      current = '';
      wasQuoted = false;
    } else current += char;
  }
  items.push(!wasQuoted && current === 'NULL' ? null : current);

  return items;
}

/** `YYYY-MM-DD` of a date value given as a `Date` (its UTC day) or an ISO string. @internal */
export function toIsoDay(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);

  return typeof value === 'string' ? value.slice(0, 10) : value;
}

/** A Date or ISO 8601 string as a `Date`; strings without zone are UTC. @internal */
export function toDateValue(value: unknown): Date | undefined {
  const instant = toInstant(value);

  return instant instanceof Date && !Number.isNaN(instant.getTime()) ? instant : undefined;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `HH:mm` as `HH:mm:ss`, so that text comparisons with stored times are exact. @internal */
export function toTimeValue(value: unknown): unknown {
  return typeof value === 'string' && /^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}
