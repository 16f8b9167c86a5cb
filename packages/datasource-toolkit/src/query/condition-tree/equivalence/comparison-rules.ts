import type { ColumnType } from '../../../schema/column-type';
import type { Operator } from '../../operators';
import type { ConditionTree } from '../condition-tree';
import { ConditionTreeBranch } from '../condition-tree-branch';
import type { ConditionTreeLeaf } from '../condition-tree-leaf';
import { canHoldEmptyString } from '../match/is-blank';
import { type EquivalenceRules, inverseOf } from './equivalence-rule';

const ORDERED_TYPES: readonly ColumnType[] = ['Number', 'Date', 'Dateonly', 'Time'];

/** Rewrites of comparison operators: `In` as `Or` of `Equal`, `<=` as `<` or `=`, and so on. */
export const COMPARISON_RULES: EquivalenceRules = {
  Equal: [
    (leaf) => (leaf.value === null ? leaf.override({ operator: 'Missing', value: undefined }) : null),
    (leaf) => leaf.override({ operator: 'In', value: [leaf.value] }),
  ],
  In: [(leaf) => each(leaf, 'Or', 'Equal')],
  NotEqual: [
    inverseOf('Equal'),
    (leaf) => leaf.override({ operator: 'NotIn', value: [leaf.value] }),
    // Only on ordered types: elsewhere `<` and `>` may follow a collation that `=` does not.
    (leaf, { columnType }) =>
      leaf.value !== null && ORDERED_TYPES.includes(columnType)
        ? or(leaf.override({ operator: 'LessThan' }), leaf.override({ operator: 'GreaterThan' }), missing(leaf))
        : null,
  ],
  NotIn: [(leaf) => each(leaf, 'And', 'NotEqual'), inverseOf('In')],
  Missing: [(leaf) => leaf.override({ operator: 'Equal', value: null })],
  Blank: [
    (leaf, { columnType }) =>
      canHoldEmptyString(columnType)
        ? or(missing(leaf), leaf.override({ operator: 'Equal', value: '' }))
        : missing(leaf),
  ],
  Present: [inverseOf('Blank')],
  LessThanOrEqual: [(leaf) => orEqual(leaf, 'LessThan')],
  GreaterThanOrEqual: [(leaf) => orEqual(leaf, 'GreaterThan')],
  LessThan: [(leaf) => strictly(leaf, 'LessThanOrEqual')],
  GreaterThan: [(leaf) => strictly(leaf, 'GreaterThanOrEqual')],
  Before: [(leaf) => leaf.override({ operator: 'LessThan' })],
  After: [(leaf) => leaf.override({ operator: 'GreaterThan' })],
};

function each(leaf: ConditionTreeLeaf, aggregator: 'And' | 'Or', operator: Operator): ConditionTree | null {
  if (!Array.isArray(leaf.value)) return null;

  return new ConditionTreeBranch(
    aggregator,
    leaf.value.map((item: unknown) => leaf.override({ operator, value: item })),
  );
}

function orEqual(leaf: ConditionTreeLeaf, operator: Operator): ConditionTree | null {
  // A null bound matches nothing, whereas `Equal null` would match nulls.
  return leaf.value === null ? null : or(leaf.override({ operator }), leaf.override({ operator: 'Equal' }));
}

function strictly(leaf: ConditionTreeLeaf, operator: Operator): ConditionTree | null {
  return leaf.value === null
    ? null
    : new ConditionTreeBranch('And', [leaf.override({ operator }), leaf.override({ operator: 'NotEqual' })]);
}

function missing(leaf: ConditionTreeLeaf): ConditionTreeLeaf {
  return leaf.override({ operator: 'Missing', value: undefined });
}

function or(...conditions: ConditionTree[]): ConditionTree {
  return new ConditionTreeBranch('Or', conditions);
}
