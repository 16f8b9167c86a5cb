import type { MongoFieldType, MongoScalarType } from './mongo-introspection';

const JSON_TYPE: MongoFieldType = { kind: 'scalar', type: 'Json' };

/** The BSON class name of a driver value (`ObjectId`, `Decimal128`, `Long`...), if it is one. @internal */
export function bsonTypeOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const bsonType = (value as { _bsontype?: unknown })._bsontype;

  return typeof bsonType === 'string' ? bsonType : undefined;
}

/** The type of one value, or undefined for null and undefined (they say nothing of the type). @internal */
export function inferValueType(value: unknown): MongoFieldType | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return scalar('String');
  if (typeof value === 'number') return scalar('Number');
  if (typeof value === 'boolean') return scalar('Boolean');
  if (value instanceof Date) return scalar('Date');
  if (Array.isArray(value)) {
    return {
      kind: 'array',
      items: value.reduce<MongoFieldType | null>((type, item) => mergeTypes(type, inferValueType(item)), null),
    };
  }
  const bsonType = bsonTypeOf(value);
  if (bsonType !== undefined) return scalar(scalarOfBson(bsonType));
  if (typeof value === 'object') return inferDocumentType(value as Record<string, unknown>);

  return JSON_TYPE;
}

/** The object type of a document: each field's type merged across its values. @internal */
export function inferDocumentType(document: Record<string, unknown>): MongoFieldType {
  const fields: Record<string, MongoFieldType> = {};
  for (const [name, value] of Object.entries(document)) {
    const type = inferValueType(value);
    if (type) fields[name] = type;
  }

  return { kind: 'object', fields };
}

/**
 * The type that holds values of both types: the same scalar, objects with the union of their
 * fields, arrays of merged items. Anything else is `Json` (a field whose type varies).
 * @internal
 */
export function mergeTypes(
  left: MongoFieldType | null,
  right: MongoFieldType | null | undefined,
): MongoFieldType | null {
  if (!right) return left;
  if (!left) return right;
  if (left.kind === 'scalar' && right.kind === 'scalar') return left.type === right.type ? left : JSON_TYPE;
  if (left.kind === 'array' && right.kind === 'array')
    return { kind: 'array', items: mergeTypes(left.items, right.items) };
  if (left.kind === 'object' && right.kind === 'object') {
    const fields: Record<string, MongoFieldType> = { ...left.fields };
    for (const [name, type] of Object.entries(right.fields))
      fields[name] = mergeTypes(fields[name] ?? null, type) ?? type;

    return { kind: 'object', fields };
  }

  return JSON_TYPE;
}

function scalar(type: MongoScalarType): MongoFieldType {
  return { kind: 'scalar', type };
}

function scalarOfBson(bsonType: string): MongoScalarType {
  switch (bsonType) {
    case 'ObjectId':
    case 'ObjectID':
      return 'ObjectId';
    case 'Int32':
    case 'Double':
    case 'Long':
      return 'Number';
    case 'Decimal128':
      return 'String';
    case 'Binary':
      return 'Binary';
    default:
      return 'Json';
  }
}
