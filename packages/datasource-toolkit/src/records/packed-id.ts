import { ValidationError } from '../errors/errors';
import { type CollectionSchema, isColumn } from '../schema/collection-schema';
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

/**
 * Parses a packed id back into its values. Parts of `Number` primary keys become numbers.
 *
 * @param collectionName used in error messages only.
 * @throws ValidationError when the part count is wrong or a numeric part does not parse.
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

    const value = Number(part);
    if (part.trim() === '' || !Number.isFinite(value)) {
      throw new ValidationError(
        `Invalid id "${packed}" for '${collectionName}': '${name}' expects a number, got "${part}".`,
      );
    }

    return value;
  });
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
