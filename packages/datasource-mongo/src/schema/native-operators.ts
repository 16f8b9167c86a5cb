import {
  ARRAY_OPERATORS,
  allowedOperatorsForColumnType,
  type ColumnType,
  EQUALITY_OPERATORS,
  MEMBERSHIP_OPERATORS,
  type Operator,
  ORDER_OPERATORS,
  PATTERN_OPERATORS,
  PRESENCE_OPERATORS,
  TEXT_CHECK_OPERATORS,
} from '@platform/datasource-toolkit';

/**
 * What a `$match` expresses directly: comparisons, patterns as regular expressions, lengths with
 * `$strLenCP`, arrays with `$all`/`$nin`. Relative dates (`Today`, `PreviousMonth`...) are left to
 * the toolkit's equivalence, which turns them into ranges in the caller's time zone.
 */
const NATIVE: readonly Operator[] = [
  ...PRESENCE_OPERATORS,
  ...EQUALITY_OPERATORS,
  ...MEMBERSHIP_OPERATORS,
  ...ORDER_OPERATORS,
  'Before',
  'After',
  ...PATTERN_OPERATORS,
  ...TEXT_CHECK_OPERATORS,
  ...ARRAY_OPERATORS,
];

/** The operators a column of `columnType` runs natively in a `$match`. @internal */
export function nativeOperatorsFor(columnType: ColumnType): ReadonlySet<Operator> {
  const allowed = allowedOperatorsForColumnType(columnType);

  return new Set(NATIVE.filter((operator) => allowed.has(operator)));
}
