import { RELATIVE_DATE_OPERATORS } from '../time/relative-date-operators';
import { relativeDateTree } from '../time/relative-date-tree';
import type { EquivalenceRule, EquivalenceRules } from './equivalence-rule';

const toRange: EquivalenceRule = (leaf, { columnType, timezone, now }) => {
  const operator = RELATIVE_DATE_OPERATORS.find((candidate) => candidate === leaf.operator);
  if (!operator) return null;

  return relativeDateTree({ field: leaf.field, operator, value: leaf.value }, columnType, timezone, now);
};

/** Every relative date operator becomes a range of plain comparisons in the caller's time zone. */
export const DATE_RULES: EquivalenceRules = Object.fromEntries(
  RELATIVE_DATE_OPERATORS.map((operator) => [operator, [toRange]]),
);
