import type { ColumnType } from '../schema/column-type';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATEONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
// ISO 8601 date-time, as JSON carries dates; a bare date is accepted too.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

/**
 * Why `value` cannot be stored in a column of `columnType`, or undefined when it can. Null is
 * accepted here: whether a column takes null is a write rule (`allowNull`).
 *
 * @internal
 */
export function checkValueType(
  columnType: ColumnType,
  value: unknown,
  enumValues: readonly string[] = [],
): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(columnType)) return checkArray(columnType[0] as ColumnType, value, enumValues);
  if (typeof columnType === 'object') return checkObject(columnType as Record<string, ColumnType>, value);

  const ok = ((): boolean => {
    switch (columnType) {
      case 'Boolean':
        return typeof value === 'boolean';
      case 'Number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'String':
      case 'File':
        return typeof value === 'string';
      case 'Binary':
        return typeof value === 'string' || value instanceof Uint8Array;
      case 'Date':
        return value instanceof Date ? !Number.isNaN(value.getTime()) : isDateString(value, ISO_DATE);
      case 'Dateonly':
        return value instanceof Date || isDateString(value, DATEONLY);
      case 'Time':
        return typeof value === 'string' && TIME.test(value);
      case 'Uuid':
        return typeof value === 'string' && UUID.test(value);
      case 'Enum':
        return typeof value === 'string' && enumValues.includes(value);
      case 'Point':
        return Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number');
      case 'Json':
        return true;
      default: {
        const unknownType: never = columnType;
        return unknownType;
      }
    }
  })();
  if (ok) return undefined;
  if (columnType === 'Enum' && typeof value === 'string') {
    return `${JSON.stringify(value)} is not one of the allowed values: ${enumValues.join(', ')}`;
  }

  return `expected ${describeType(columnType)}, got ${describeValue(value)}`;
}

/** A readable name of a column type: `String`, `[Number]`, `{ lat: Number }`. */
export function describeType(columnType: ColumnType): string {
  if (Array.isArray(columnType)) return `[${describeType(columnType[0] as ColumnType)}]`;
  if (typeof columnType === 'object') {
    const entries = Object.entries(columnType as Record<string, ColumnType>);
    return `{ ${entries.map(([key, type]) => `${key}: ${describeType(type)}`).join(', ')} }`;
  }
  if (columnType === 'Point') return 'Point ([x, y])';
  if (columnType === 'Time') return 'Time (HH:mm[:ss])';
  if (columnType === 'Dateonly') return 'Dateonly (YYYY-MM-DD)';
  if (columnType === 'Date') return 'Date (ISO 8601)';

  return columnType;
}

/** A short description of a value for error messages: `12 (number)`. */
export function describeValue(value: unknown): string {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }

  return `${text.length > 60 ? `${text.slice(0, 57)}...` : text} (${kind})`;
}

function checkArray(itemType: ColumnType, value: unknown, enumValues: readonly string[]): string | undefined {
  if (!Array.isArray(value)) return `expected an array, got ${describeValue(value)}`;
  for (const [index, item] of value.entries()) {
    const problem = checkValueType(itemType, item, enumValues);
    if (problem) return `item ${index}: ${problem}`;
  }

  return undefined;
}

function checkObject(shape: Record<string, ColumnType>, value: unknown): string | undefined {
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Date) {
    return `expected an object ${describeType(shape)}, got ${describeValue(value)}`;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const itemType = shape[key];
    if (itemType === undefined) return `unknown key '${key}'; known keys: ${Object.keys(shape).join(', ')}`;
    const problem = checkValueType(itemType, item);
    if (problem) return `'${key}': ${problem}`;
  }

  return undefined;
}

function isDateString(value: unknown, pattern: RegExp): boolean {
  return typeof value === 'string' && pattern.test(value) && !Number.isNaN(Date.parse(value.slice(0, 10)));
}
