import type { Operator } from '../operators';
import type { ConditionTree } from './condition-tree';
import { ConditionTreeBranch } from './condition-tree-branch';
import { ConditionTreeLeaf } from './condition-tree-leaf';

const NEGATIONS: Partial<Record<Operator, Operator>> = {
  Equal: 'NotEqual',
  NotEqual: 'Equal',
  In: 'NotIn',
  NotIn: 'In',
  Present: 'Blank',
  Blank: 'Present',
  Contains: 'NotContains',
  NotContains: 'Contains',
  IContains: 'NotIContains',
  NotIContains: 'IContains',
};

// Comparisons are false on null, so their negation must also accept null (`Missing`).
const COMPLEMENTS: Partial<Record<Operator, Operator>> = {
  LessThan: 'GreaterThanOrEqual',
  LessThanOrEqual: 'GreaterThan',
  GreaterThan: 'LessThanOrEqual',
  GreaterThanOrEqual: 'LessThan',
  Before: 'GreaterThanOrEqual',
  After: 'LessThanOrEqual',
};

/**
 * The negation of a leaf, with the null semantics of the README kept: `not (a < 1)` is
 * `a >= 1 Or a Missing`, `not Missing` is `NotEqual null`.
 * @throws Error when the operator has no negation (`Like`, `StartsWith`, `IncludesAll`, relative dates...).
 * @internal
 */
export function inverseLeaf(leaf: ConditionTreeLeaf): ConditionTree {
  const { field, operator, value } = leaf;
  const negation = NEGATIONS[operator];
  if (negation) return new ConditionTreeLeaf(field, negation, value);

  const complement = COMPLEMENTS[operator];
  if (complement) {
    return new ConditionTreeBranch('Or', [
      new ConditionTreeLeaf(field, complement, value),
      new ConditionTreeLeaf(field, 'Missing'),
    ]);
  }

  if (operator === 'Missing') return new ConditionTreeLeaf(field, 'NotEqual', null);
  if (operator === 'LongerThan' || operator === 'ShorterThan') {
    const count = Number(value);
    const reversed = operator === 'LongerThan' ? new ConditionTreeLeaf(field, 'ShorterThan', count + 1) : null;

    return new ConditionTreeBranch('Or', [
      reversed ?? new ConditionTreeLeaf(field, 'LongerThan', count - 1),
      new ConditionTreeLeaf(field, 'Missing'),
    ]);
  }

  throw new Error(
    `Operator ${operator} has no inverse: a condition "${field} ${operator}" cannot be negated. ` +
      `Negatable operators: ${[...Object.keys(NEGATIONS), ...Object.keys(COMPLEMENTS), 'Missing', 'LongerThan', 'ShorterThan'].join(', ')}.`,
  );
}
