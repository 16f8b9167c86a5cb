import { DateTime } from 'luxon';
import type { ColumnType } from '../../../schema/column-type';

/** A value reduced to something `<`, `>` and `===` compare correctly. */
export type Comparable = number | bigint | string | boolean;

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const DATE_ONLY = /^(\d{4}-\d{2}-\d{2})/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;

/**
 * Reduces a non-null value to a comparable form according to its column type: numbers (and
 * numeric strings, as big integers when needed) for `Number`, epoch milliseconds for `Date`,
 * `YYYY-MM-DD` for `Dateonly`, `HH:mm:ss.SSS` for `Time`. Returns undefined when the value has no
 * such form (objects, unparsable strings).
 * @internal
 */
export function toComparable(value: unknown, columnType: ColumnType | undefined): Comparable | undefined {
  switch (columnType) {
    case 'Number':
      return toNumeric(value);
    case 'Date':
      return toInstant(value);
    case 'Dateonly':
      return toDateOnly(value);
    case 'Time':
      return toTime(value);
    case 'Boolean':
      return toBoolean(value);
    default:
      return toPrimitive(value);
  }
}

function toNumeric(value: unknown): number | bigint | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'bigint') return value;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (INTEGER.test(trimmed)) {
    const big = BigInt(trimmed);

    return big <= BigInt(Number.MAX_SAFE_INTEGER) && big >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(big) : big;
  }

  return NUMBER.test(trimmed) ? Number(trimmed) : undefined;
}

function toInstant(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  // Strings without an offset are read as UTC, never in the server's local time zone.
  const parsed = DateTime.fromISO(value, { zone: 'utc' });

  return parsed.isValid ? parsed.toMillis() : undefined;
}

function toDateOnly(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;

  return DATE_ONLY.exec(value)?.[1];
}

function toTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = TIME.exec(value.trim());
  if (!parts) return undefined;
  const [, hours, minutes, seconds = '00', millis = '0'] = parts;

  return `${hours?.padStart(2, '0')}:${minutes}:${seconds}.${millis.padEnd(3, '0')}`;
}

function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0) return false;

  return undefined;
}

function toPrimitive(value: unknown): Comparable | undefined {
  if (value instanceof Date) return toInstant(value);
  if (typeof value === 'number' || typeof value === 'bigint') return toNumeric(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;

  return undefined;
}
