import type { ColumnType, PrimitiveType } from '../schema/column-type';
import {
  DATE_OPERATORS,
  EQUALITY_OPERATORS,
  MEMBERSHIP_OPERATORS,
  type Operator,
  ORDER_OPERATORS,
  PATTERN_OPERATORS,
  PRESENCE_OPERATORS,
  TEXT_CHECK_OPERATORS,
} from './operators';

const BASE: readonly Operator[] = [...PRESENCE_OPERATORS, ...EQUALITY_OPERATORS, ...MEMBERSHIP_OPERATORS];
const TEXT: readonly Operator[] = [...PATTERN_OPERATORS, ...TEXT_CHECK_OPERATORS];

const BY_PRIMITIVE_TYPE: Record<PrimitiveType, ReadonlySet<Operator>> = {
  Boolean: new Set(BASE),
  Binary: new Set(BASE),
  Date: new Set([...BASE, ...ORDER_OPERATORS, ...DATE_OPERATORS]),
  Dateonly: new Set([...BASE, ...ORDER_OPERATORS, ...DATE_OPERATORS]),
  Enum: new Set(BASE),
  File: new Set([...BASE, ...TEXT]),
  Json: new Set(['Present', 'Blank', 'Missing', 'Equal', 'NotEqual']),
  Number: new Set([...BASE, ...ORDER_OPERATORS]),
  Point: new Set(['Present', 'Blank', 'Missing', 'Equal', 'NotEqual']),
  String: new Set([...BASE, ...ORDER_OPERATORS, ...TEXT]),
  Time: new Set([...BASE, ...ORDER_OPERATORS]),
  Uuid: new Set(BASE),
};
const ARRAY: ReadonlySet<Operator> = new Set([
  'Present',
  'Blank',
  'Missing',
  'Equal',
  'NotEqual',
  'IncludesAll',
  'IncludesNone',
]);
const OBJECT: ReadonlySet<Operator> = new Set(['Present', 'Blank', 'Missing']);

/**
 * The operators that make sense on a column type, whether the datasource supports them natively
 * or not. Validation refuses the others.
 *
 * @example allowedOperatorsForColumnType('Number').has('Contains') // false
 */
export function allowedOperatorsForColumnType(columnType: ColumnType): ReadonlySet<Operator> {
  if (typeof columnType === 'string') return BY_PRIMITIVE_TYPE[columnType];

  return Array.isArray(columnType) ? ARRAY : OBJECT;
}
