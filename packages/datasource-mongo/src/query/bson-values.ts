import { ValidationError } from '@platform/datasource-toolkit';
import type { ObjectIdClass } from '../connection/mongo-driver';
import { bsonTypeOf } from '../introspection/infer-field-type';
import type { MongoFieldType } from '../introspection/mongo-introspection';

/** Where a value goes, for error messages: `'authorId' of 'books'`. @internal */
export interface ValueTarget {
  readonly collection: string;
  readonly field: string;
}

/**
 * A request value as stored in documents of `type`: 24-hex strings become ObjectIds, ISO strings
 * Dates, recursively through nested objects and arrays.
 * @internal
 * @throws ValidationError naming the field when a value cannot be converted.
 */
export function toMongoValue(
  value: unknown,
  type: MongoFieldType,
  ObjectId: ObjectIdClass,
  target: ValueTarget,
): unknown {
  if (value === null || value === undefined) return value;
  if (type.kind === 'array') {
    const { items } = type;
    if (!Array.isArray(value) || !items) return value;

    return value.map((item) => toMongoValue(item, items, ObjectId, target));
  }
  if (type.kind === 'object') {
    if (typeof value !== 'object' || Array.isArray(value)) return value;

    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => {
        const itemType = type.fields[name];
        const nested = { ...target, field: `${target.field}.${name}` };

        return [name, itemType ? toMongoValue(item, itemType, ObjectId, nested) : item];
      }),
    );
  }
  if (type.type === 'ObjectId') {
    if (bsonTypeOf(value) === 'ObjectId') return value;
    if (typeof value !== 'string' || !/^[0-9a-fA-F]{24}$/.test(value)) {
      throw new ValidationError(
        `Invalid ObjectId ${JSON.stringify(value)} for '${target.field}' of '${target.collection}': expected 24 hexadecimal characters.`,
        { details: { ...target, value } },
      );
    }

    return new ObjectId(value);
  }
  if (type.type === 'Date' && (typeof value === 'string' || typeof value === 'number')) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      throw new ValidationError(
        `Invalid date ${JSON.stringify(value)} for '${target.field}' of '${target.collection}': expected an ISO 8601 date.`,
        { details: { ...target, value } },
      );
    }

    return date;
  }

  return value;
}

/** A document value as plain JSON-friendly data: ObjectIds as hex strings, Dates as ISO strings. @internal */
export function fromMongoValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(fromMongoValue);
  const bsonType = bsonTypeOf(value);
  if (bsonType === 'ObjectId' || bsonType === 'ObjectID') return (value as { toHexString(): string }).toHexString();
  if (bsonType === 'Int32' || bsonType === 'Double' || bsonType === 'Long') return Number(value);
  if (bsonType !== undefined) return String(value);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fromMongoValue(item)]));
  }

  return value;
}
