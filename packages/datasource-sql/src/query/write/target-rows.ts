import { type Filter, UnprocessableError } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import { filterToSql } from '../filter/filter-to-sql';
import { JoinPlan } from '../joins/join-plan';
import { selectFromPlan } from '../joins/select-from-plan';
import type { QueryContext } from '../query-context';
import type { SqlExpression } from '../sql-expression';
import type { TableModel } from '../table-model';

/**
 * The WHERE of an UPDATE or DELETE on `model` (whose statement aliases the table `t0`). A filter
 * on the table's own columns applies directly; one that reads relations (`author:name`) selects
 * the primary keys through the joins: `WHERE (pk) IN (SELECT * FROM (SELECT t0.pk ... JOIN ...) AS
 * targets)`. The derived table lets MySQL read the table it modifies.
 * @internal
 */
export function targetRows(
  context: QueryContext,
  model: TableModel,
  filter: Filter | undefined,
  timezone: string,
): { where: SqlExpression; isAliased: boolean } {
  const plan = new JoinPlan(model, context.lookup, context.flavor);
  const where = filterToSql(filter, plan, context.flavor, context.lookup, timezone);
  if (plan.joins.length === 0) return { where, isAliased: true };
  if (model.primaryKeys.length === 0) {
    throw new UnprocessableError(
      `Cannot update or delete records of '${model.collectionName}' through a relation: it has no primary key.`,
    );
  }

  const keys = model.primaryKeys.map((pk) => sql.id(pk));
  const subquery = selectFromPlan(plan, {
    select: model.primaryKeys.map((pk, index) => sql`${plan.resolve(pk).ref} as ${sql.id(`k${index}`)}`),
    where,
  });

  return {
    where: sql`(${sql.join(keys)}) in (select * from (${subquery}) as ${sql.id('targets')})`,
    isAliased: false,
  };
}
