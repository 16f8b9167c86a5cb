import { buildSearchTree, ConditionTreeFactory, type Filter, ValidationError } from '@platform/datasource-toolkit';
import type { SqlFlavor } from '../../dialects/sql-flavor';
import type { JoinPlan } from '../joins/join-plan';
import { type SqlExpression, TRUE } from '../sql-expression';
import type { TableModelLookup } from '../table-model';
import { conditionTreeToSql } from './condition-tree-to-sql';

/**
 * The WHERE of a filter: its condition tree and its search, intersected. Segments are resolved by
 * the agent's customization layer; a raw SQL collection has none.
 * @internal
 */
export function filterToSql(
  filter: Filter | undefined,
  plan: JoinPlan,
  flavor: SqlFlavor,
  lookup: TableModelLookup,
  timezone: string,
): SqlExpression {
  if (!filter) return TRUE;
  if (filter.segment) {
    throw new ValidationError(`Unknown segment '${filter.segment}' on '${plan.root.collectionName}': it has none.`);
  }
  const text = filter.search?.trim();
  const search = text
    ? buildSearchTree(text, filter.searchExtended === true, plan.root.schema, (name) => lookup(name).schema)
    : null;
  const tree = ConditionTreeFactory.intersect(filter.conditionTree, search);

  return conditionTreeToSql(tree, plan, flavor, timezone);
}
