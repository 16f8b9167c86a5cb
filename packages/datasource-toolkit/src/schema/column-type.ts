/** Scalar types a column may hold (spec agent-library §2.5, plus `Binary`). */
export const PRIMITIVE_TYPES = [
  'Boolean',
  'Binary',
  'Date',
  'Dateonly',
  'Enum',
  'File',
  'Json',
  'Number',
  'Point',
  'String',
  'Time',
  'Uuid',
] as const;

export type PrimitiveType = (typeof PRIMITIVE_TYPES)[number];

/** A column's type: a primitive, a nested object of types, or an array of one type. */
export type ColumnType = PrimitiveType | { readonly [key: string]: ColumnType } | readonly [ColumnType];

export function isPrimitiveType(value: unknown): value is PrimitiveType {
  return typeof value === 'string' && (PRIMITIVE_TYPES as readonly string[]).includes(value);
}
