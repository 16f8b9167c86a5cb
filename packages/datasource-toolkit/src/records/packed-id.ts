import { ValidationError } from '../errors/errors';
import { type CollectionSchema, type ColumnSchema, isColumn } from '../schema/collection-schema';
import type { CompositeId, RecordData } from './record';

/** Names of the primary key columns of a collection, in schema order. */
export function getPrimaryKeys(schema: CollectionSchema): string[] {
  return Object.entries(schema.fields)
    .filter(([, field]) => isColumn(field) && field.isPrimaryKey === true)
    .map(([name]) => name);
}

/**
 * Packs a (possibly composite) id into one string: values joined with `|`, where `|` and `\`
 * inside a value are escaped with a backslash.
 *
 * @example packId(schema, [12, 'a|b']) // '12|a\\|b'
 */
export function packId(schema: CollectionSchema, id: CompositeId): string {
  const primaryKeys = getPrimaryKeys(schema);
  if (id.length !== primaryKeys.length) {
    throw new ValidationError(
      `Expected ${primaryKeys.length} primary key value(s) (${primaryKeys.join(', ')}), got ${id.length}.`,
    );
  }

  return id.map((part) => String(part).replace(/[\\|]/g, (char) => `\\${char}`)).join('|');
}

// Canonical decimal spellings only: no sign `+`, leading zero, space, exponent or hexadecimal, so
// that one record has one id (`0x10`, `1e1`, ` 10` or `010` never reach record 16 or 10).
const CANONICAL_INTEGER = /^-?(0|[1-9]\d*)$/;
const CANONICAL_DECIMAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/**
 * Parses a packed id back into its values. Parts of `Number` primary keys become numbers; they
 * must be written in canonical decimal (`10`, `-3`, and `2.5` for a key that is not an integer),
 * within what a JS number holds exactly.
 *
 * @param collectionName used in error messages only.
 * @throws ValidationError when the part count is wrong or a numeric part is not canonical.
 */
export function unpackId(schema: CollectionSchema, packed: string, collectionName = 'collection'): CompositeId {
  const primaryKeys = getPrimaryKeys(schema);
  const parts = splitPackedId(packed);
  if (parts.length !== primaryKeys.length) {
    throw new ValidationError(
      `Invalid id "${packed}" for '${collectionName}': expected ${primaryKeys.length} part(s) ` +
        `(${primaryKeys.join(', ')}) separated by '|', got ${parts.length}.`,
    );
  }

  return parts.map((part, index) => {
    const name = primaryKeys[index] as string;
    const field = schema.fields[name];
    if (!isColumn(field) || field.columnType !== 'Number') return part;

    return parseNumberPart(part, field, { packed, collectionName, name });
  });
}

function parseNumberPart(
  part: string,
  field: ColumnSchema,
  where: { packed: string; collectionName: string; name: string },
): number {
  const isInteger = field.numberFormat?.kind === 'integer';
  const value = Number(part);
  const isCanonical = (isInteger ? CANONICAL_INTEGER : CANONICAL_DECIMAL).test(part) && part !== '-0';
  if (!isCanonical || (Number.isInteger(value) && !Number.isSafeInteger(value))) {
    const expected = isInteger ? 'an integer in decimal' : 'a number in decimal';
    throw new ValidationError(
      `Invalid id "${where.packed}" for '${where.collectionName}': '${where.name}' expects ${expected} ` +
        `without sign, leading zero, space or exponent, between -(2^53-1) and 2^53-1, got "${part}".`,
      { details: { collection: where.collectionName, field: where.name, id: where.packed } },
    );
  }

  return value;
}

/** Values of the primary keys of `record`, in schema order. */
export function getCompositeId(schema: CollectionSchema, record: RecordData): CompositeId {
  return getPrimaryKeys(schema).map((name) => {
    const value = record[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new ValidationError(`Record has no usable value for primary key '${name}' (got ${String(value)}).`);
    }

    return value;
  });
}

function splitPackedId(packed: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < packed.length; index += 1) {
    const char = packed[index];
    if (char === '\\' && index + 1 < packed.length) {
      current += packed[index + 1];
      index += 1;
    } else if (char === '|') {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);

  return parts;
}
