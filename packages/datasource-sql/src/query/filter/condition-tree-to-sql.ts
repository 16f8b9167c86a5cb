import {
  type ConditionTree,
  ConditionTreeBranch,
  ConditionTreeEquivalent,
  ConditionTreeLeaf,
  ValidationError,
} from '@platform/datasource-toolkit';
import type { SqlFlavor } from '../../dialects/sql-flavor';
import type { JoinPlan } from '../joins/join-plan';
import { and, or, type SqlExpression } from '../sql-expression';
import { leafToSql } from './leaf-to-sql';

/**
 * A validated condition tree as a SQL boolean expression. Leafs whose operator the dialect does
 * not run natively are first rewritten with the toolkit's equivalence (in the caller's time zone,
 * so `Today` becomes the caller's day); relation fields add their LEFT JOINs to `plan`.
 * @internal
 */
export function conditionTreeToSql(
  tree: ConditionTree,
  plan: JoinPlan,
  flavor: SqlFlavor,
  timezone: string,
  now: Date = new Date(),
): SqlExpression {
  if (tree instanceof ConditionTreeBranch) {
    const parts = tree.conditions.map((condition) => conditionTreeToSql(condition, plan, flavor, timezone, now));

    return tree.aggregator === 'And' ? and(parts) : or(parts);
  }
  if (!(tree instanceof ConditionTreeLeaf)) throw new Error('Unknown condition tree node.');

  const field = plan.resolve(tree.field);
  const natives = flavor.nativeOperators(field.column);
  if (natives.has(tree.operator)) return leafToSql(tree, field, flavor);

  const equivalent = ConditionTreeEquivalent.getEquivalentTree(tree, natives, field.column.columnType, timezone, now);
  if (!equivalent) {
    throw new ValidationError(
      `Operator '${tree.operator}' is not supported on '${tree.field}' by the ${flavor.dialect} dialect.`,
      { details: { field: tree.field, operator: tree.operator } },
    );
  }

  return conditionTreeToSql(equivalent, plan, flavor, timezone, now);
}
