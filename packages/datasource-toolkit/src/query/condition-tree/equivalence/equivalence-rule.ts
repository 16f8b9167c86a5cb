import type { ColumnType } from '../../../schema/column-type';
import type { Operator } from '../../operators';
import type { ConditionTree } from '../condition-tree';
import { ConditionTreeLeaf } from '../condition-tree-leaf';

/** What a rewrite may depend on besides the leaf. */
export interface EquivalenceContext {
  readonly columnType: ColumnType;
  readonly timezone: string;
  readonly now: Date;
  /** Rewrites a tree with native operators only, or null when impossible. */
  readonly resolve: (tree: ConditionTree) => ConditionTree | null;
}

/**
 * One way to express a leaf with other operators. Returns null when it does not apply to this
 * leaf; the engine then rewrites the leafs of the returned tree in turn.
 */
export type EquivalenceRule = (leaf: ConditionTreeLeaf, context: EquivalenceContext) => ConditionTree | null;

export type EquivalenceRules = Partial<Record<Operator, readonly EquivalenceRule[]>>;

/**
 * The negation of a positive operator: resolves `positive` to native operators, then negates
 * that tree (null when it has no negation, such as `Like`).
 */
export function inverseOf(positive: Operator): EquivalenceRule {
  return (leaf, context) => {
    const resolved = context.resolve(new ConditionTreeLeaf(leaf.field, positive, leaf.value));
    if (!resolved) return null;

    try {
      return resolved.inverse();
    } catch {
      return null;
    }
  };
}
