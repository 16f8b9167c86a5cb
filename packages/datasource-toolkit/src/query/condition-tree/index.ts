export { allowedOperatorsForColumnType } from '../operators-by-type';
export { ConditionTree, isConditionTree, type LeafReplacement } from './condition-tree';
export { ConditionTreeBranch } from './condition-tree-branch';
export { ConditionTreeFactory } from './condition-tree-factory';
export { ConditionTreeLeaf } from './condition-tree-leaf';
export { ConditionTreeEquivalent } from './equivalence/condition-tree-equivalent';
export { escapeLikePattern } from './match/like-pattern';
export type {
  Aggregator,
  PlainConditionTree,
  PlainConditionTreeBranch,
  PlainConditionTreeLeaf,
} from './plain-condition-tree';
export { type DateRange, getDateRange } from './time/date-range';
export {
  isRelativeDateOperator,
  RELATIVE_DATE_OPERATORS,
  type RelativeDateOperator,
} from './time/relative-date-operators';
export { relativeDateTree } from './time/relative-date-tree';
