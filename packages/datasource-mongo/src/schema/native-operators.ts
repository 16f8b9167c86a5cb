import { allowedOperatorsForColumnType, type ColumnType, type Operator } from '@platform/datasource-toolkit';

/**
 * What a `$match` expresses directly: comparisons, patterns as regular expressions, lengths with
 * `$strLenCP`, arrays with `$all`/`$nin`. Relative dates (`Today`, `PreviousMonth`...) are left to
 * the toolkit's equivalence, which turns them into ranges in the caller's time zone.
 */
const NATIVE: readonly Operator[] = [
  'Present',
  'Blank',
  'Missing',
  'Equal',
  'NotEqual',
  'In',
  'NotIn',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'Before',
  'After',
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
  'IncludesAll',
  'IncludesNone',
];

/** The operators a column of `columnType` runs natively in a `$match`. @internal */
export function nativeOperatorsFor(columnType: ColumnType): ReadonlySet<Operator> {
  const allowed = allowedOperatorsForColumnType(columnType);

  return new Set(NATIVE.filter((operator) => allowed.has(operator)));
}
