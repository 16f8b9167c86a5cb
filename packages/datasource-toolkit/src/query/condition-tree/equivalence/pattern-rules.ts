import type { ConditionTreeLeaf } from '../condition-tree-leaf';
import { toLikeLeaf } from '../match/like-pattern';
import { type EquivalenceRule, type EquivalenceRules, inverseOf } from './equivalence-rule';

const toLike: EquivalenceRule = (leaf: ConditionTreeLeaf) =>
  leaf.operator === 'Contains' ||
  leaf.operator === 'StartsWith' ||
  leaf.operator === 'EndsWith' ||
  leaf.operator === 'IContains' ||
  leaf.operator === 'IStartsWith' ||
  leaf.operator === 'IEndsWith'
    ? toLikeLeaf({ field: leaf.field, operator: leaf.operator, value: leaf.value })
    : null;

/**
 * Rewrites of text operators into `Like` / `ILike` patterns (the value's `%`, `_` and `\` are
 * escaped with a backslash). `ILike` is never rewritten as `Like`: they differ on case.
 */
export const PATTERN_RULES: EquivalenceRules = {
  Contains: [toLike],
  StartsWith: [toLike],
  EndsWith: [toLike],
  IContains: [toLike],
  IStartsWith: [toLike],
  IEndsWith: [toLike],
  NotContains: [inverseOf('Contains')],
  NotIContains: [inverseOf('IContains')],
};
