import type { Collection } from '../../../contracts/collection';
import type { RecordData } from '../../../records/record';
import { RecordUtils } from '../../../records/record-utils';
import type { ColumnType } from '../../../schema/column-type';
import type { ConditionTreeLeaf } from '../condition-tree-leaf';
import { isRelativeDateOperator } from '../time/relative-date-operators';
import { relativeDateTree } from '../time/relative-date-tree';
import { columnTypeAt } from './column-type-at';
import { areColumnValuesEqual, compareColumnValues } from './compare-values';
import { isBlank } from './is-blank';
import { isPatternOperator, likeToRegExp, toLikeLeaf } from './like-pattern';
import { parseRegExp } from './parse-regexp';

/**
 * Evaluates one leaf against a record, following the null semantics of the README: a condition
 * on a null value is false, except `Blank`, `Missing` and the negative operators (`NotEqual`,
 * `NotIn`, `NotContains`, `NotIContains`, `IncludesNone`), which are true.
 * Relative date operators and `Contains`-like operators are evaluated through the same rewrite
 * the equivalence layer uses, so in-memory and database results cannot disagree.
 * @internal
 */
export function matchLeaf(
  leaf: ConditionTreeLeaf,
  record: RecordData,
  collection: Collection,
  timezone: string,
): boolean {
  const { operator } = leaf;
  if (isRelativeDateOperator(operator)) {
    const tree = relativeDateTree({ ...plain(leaf), operator }, columnTypeAt(collection, leaf.field), timezone);

    return tree.match(record, collection, timezone);
  }
  if (isPatternOperator(operator)) return toLikeLeaf({ ...plain(leaf), operator }).match(record, collection, timezone);

  return matchValue(leaf, RecordUtils.getFieldValue(record, leaf.field), columnTypeAt(collection, leaf.field));
}

function matchValue(leaf: ConditionTreeLeaf, actual: unknown, columnType: ColumnType | undefined): boolean {
  const { value } = leaf;
  const compare = (): number | undefined => compareColumnValues(actual, value, columnType);
  const list = Array.isArray(value) ? (value as readonly unknown[]) : [];

  switch (leaf.operator) {
    case 'Present':
      return !isBlank(actual, columnType);
    case 'Blank':
      return isBlank(actual, columnType);
    case 'Missing':
      return actual === null || actual === undefined;
    case 'Equal':
      return areColumnValuesEqual(actual, value, columnType);
    case 'NotEqual':
      return !areColumnValuesEqual(actual, value, columnType);
    case 'In':
      return list.some((item) => areColumnValuesEqual(actual, item, columnType));
    case 'NotIn':
      return !list.some((item) => areColumnValuesEqual(actual, item, columnType));
    case 'LessThan':
    case 'Before':
      return (compare() ?? 0) < 0;
    case 'LessThanOrEqual':
      return (compare() ?? 1) <= 0;
    case 'GreaterThan':
    case 'After':
      return (compare() ?? 0) > 0;
    case 'GreaterThanOrEqual':
      return (compare() ?? -1) >= 0;
    case 'Like':
    case 'ILike':
      return typeof actual === 'string' && likeToRegExp(String(value), leaf.operator === 'ILike').test(actual);
    case 'NotContains':
    case 'NotIContains':
      return !matchPattern(leaf.operator === 'NotContains' ? 'Like' : 'ILike', actual, value);
    case 'LongerThan':
      return typeof actual === 'string' && [...actual].length > Number(value);
    case 'ShorterThan':
      return typeof actual === 'string' && [...actual].length < Number(value);
    case 'Match':
      return typeof actual === 'string' && parseRegExp(value).test(actual);
    case 'IncludesAll':
      return actual !== null && actual !== undefined && list.every((item) => includes(actual, item, columnType));
    case 'IncludesNone':
      return !list.some((item) => includes(actual, item, columnType));
    default:
      // Relative dates and Contains-like operators were rewritten by matchLeaf.
      throw new Error(`Operator ${leaf.operator} must be rewritten before matching.`);
  }
}

function matchPattern(operator: 'Like' | 'ILike', actual: unknown, value: unknown): boolean {
  if (typeof actual !== 'string') return false;
  const like = toLikeLeaf({ field: '', operator: operator === 'Like' ? 'Contains' : 'IContains', value });

  return likeToRegExp(String(like.value), operator === 'ILike').test(actual);
}

function plain(leaf: ConditionTreeLeaf): { field: string; value: unknown } {
  return { field: leaf.field, value: leaf.value };
}

function includes(actual: unknown, item: unknown, columnType: ColumnType | undefined): boolean {
  if (actual === null || actual === undefined) return false;
  const values = Array.isArray(actual) ? (actual as readonly unknown[]) : [actual];
  const itemType = Array.isArray(columnType) ? (columnType as readonly [ColumnType])[0] : undefined;

  return values.some((value) => areColumnValuesEqual(value, item, itemType));
}
