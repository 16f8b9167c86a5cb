import type { ColumnType } from '../../../schema/column-type';
import { toComparable } from './comparable-value';
import { deepEqual } from './deep-equal';

/**
 * Orders two values of a column: negative, zero or positive, or undefined when they cannot be
 * ordered (a null, values of different kinds, objects).
 * @internal
 */
export function compareColumnValues(a: unknown, b: unknown, columnType: ColumnType | undefined): number | undefined {
  if (a === null || a === undefined || b === null || b === undefined) return undefined;
  const left = toComparable(a, columnType);
  const right = toComparable(b, columnType);
  if (left === undefined || right === undefined || kind(left) !== kind(right)) return undefined;
  if (left < right) return -1;

  return left > right ? 1 : 0;
}

/**
 * Whether two values of a column are equal: compared as their column type says when both can be,
 * structurally otherwise. Null equals null (and undefined) only.
 * @internal
 */
export function areColumnValuesEqual(a: unknown, b: unknown, columnType: ColumnType | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) {
    return (a === null || a === undefined) && (b === null || b === undefined);
  }

  const order = compareColumnValues(a, b, columnType);

  return order === undefined ? deepEqual(a, b) : order === 0;
}

function kind(value: unknown): string {
  // Numbers and big integers compare with each other exactly.
  return typeof value === 'bigint' ? 'number' : typeof value;
}
