import { allowedOperatorsForColumnType, type Operator } from '@platform/datasource-toolkit';
import type { ColumnInfo } from '../query/table-model';

/** Comparisons every dialect runs natively, with the null semantics of `leaf-to-sql.ts`. */
const COMPARISONS: readonly Operator[] = [
  'Missing',
  'Present',
  'Blank',
  'Equal',
  'NotEqual',
  'In',
  'NotIn',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
];

/** Text operators every dialect runs natively; the others (`Contains`...) derive from `Like`/`ILike`. */
const TEXT: readonly Operator[] = ['Like', 'ILike', 'NotContains', 'NotIContains', 'LongerThan', 'ShorterThan'];

/**
 * The native operators of a column: the dialect's operators that make sense for the column type.
 * JSON and point columns, and columns of a type introspection did not recognise, only get
 * `Missing`, `Present` and `Blank`: their equality is not portable (PostgreSQL `json` has no `=`).
 * @internal
 */
export function nativeOperatorsFor(column: ColumnInfo, extra: readonly Operator[]): ReadonlySet<Operator> {
  let natives = cache.get(column);
  if (!natives) {
    natives = computeNatives(column, extra);
    cache.set(column, natives);
  }

  return natives;
}

// Column infos are built once per data source: one set per column, not per leaf.
const cache = new WeakMap<ColumnInfo, ReadonlySet<Operator>>();

function computeNatives(column: ColumnInfo, extra: readonly Operator[]): ReadonlySet<Operator> {
  const { columnType } = column;
  const isObject = typeof columnType === 'object' && !Array.isArray(columnType);
  if (column.isOpaque || columnType === 'Json' || columnType === 'Point' || isObject) {
    return new Set<Operator>(['Missing', 'Present', 'Blank']);
  }
  const allowed = allowedOperatorsForColumnType(columnType);

  return new Set([...COMPARISONS, ...TEXT, ...extra].filter((operator) => allowed.has(operator)));
}
