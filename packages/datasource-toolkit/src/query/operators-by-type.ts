import type { ColumnType, PrimitiveType } from '../schema/column-type';
import type { Operator } from './operators';

const BASE: readonly Operator[] = ['Present', 'Blank', 'Missing', 'Equal', 'NotEqual', 'In', 'NotIn'];
const ORDER: readonly Operator[] = ['LessThan', 'LessThanOrEqual', 'GreaterThan', 'GreaterThanOrEqual'];
const TEXT: readonly Operator[] = [
  'Like',
  'ILike',
  'Contains',
  'NotContains',
  'IContains',
  'NotIContains',
  'StartsWith',
  'IStartsWith',
  'EndsWith',
  'IEndsWith',
  'LongerThan',
  'ShorterThan',
  'Match',
];
const DATES: readonly Operator[] = [
  'Before',
  'After',
  'AfterXHoursAgo',
  'BeforeXHoursAgo',
  'Future',
  'Past',
  'Today',
  'Yesterday',
  'PreviousXDays',
  'PreviousXDaysToDate',
  'PreviousWeek',
  'PreviousWeekToDate',
  'PreviousMonth',
  'PreviousMonthToDate',
  'PreviousQuarter',
  'PreviousQuarterToDate',
  'PreviousYear',
  'PreviousYearToDate',
];

const BY_PRIMITIVE_TYPE: Record<PrimitiveType, ReadonlySet<Operator>> = {
  Boolean: new Set(BASE),
  Binary: new Set(BASE),
  Date: new Set([...BASE, ...ORDER, ...DATES]),
  Dateonly: new Set([...BASE, ...ORDER, ...DATES]),
  Enum: new Set(BASE),
  File: new Set([...BASE, ...TEXT]),
  Json: new Set(['Present', 'Blank', 'Missing', 'Equal', 'NotEqual']),
  Number: new Set([...BASE, ...ORDER]),
  Point: new Set(['Present', 'Blank', 'Missing', 'Equal', 'NotEqual']),
  String: new Set([...BASE, ...ORDER, ...TEXT]),
  Time: new Set([...BASE, ...ORDER]),
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
