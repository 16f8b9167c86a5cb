import { sql } from 'kysely';
import { identifier, type SqlExpression, TRUE } from '../sql-expression';
import { JoinPlan, tableRef } from './join-plan';

/** The clauses of a SELECT over a join plan. @internal */
export interface SelectParts {
  readonly select: readonly SqlExpression[];
  readonly where: SqlExpression;
  readonly groupBy?: readonly SqlExpression[];
  readonly orderBy?: readonly SqlExpression[];
  readonly limit?: number;
  readonly offset?: number;
}

/**
 * `SELECT ... FROM root AS t0 LEFT JOIN ... AS t1 ON ... WHERE ... GROUP BY ... ORDER BY ...
 * LIMIT ? OFFSET ?`. Call it once the plan holds every join (after resolving the filter, sort,
 * projection and groups). Written with Kysely's `sql` tag rather than its query builder: the
 * statement is the same, and compiling it costs a fifth (it matters on sub-millisecond lists).
 * @internal
 */
export function selectFromPlan(plan: JoinPlan, parts: SelectParts): SqlExpression {
  const clauses: SqlExpression[] = [
    sql`select ${sql.join(parts.select)} from ${tableRef(plan.root)} as ${identifier(JoinPlan.ROOT_ALIAS)}`,
  ];
  for (const join of plan.joins) {
    clauses.push(sql`left join ${tableRef(join.model)} as ${identifier(join.alias)} on ${join.on}`);
  }
  if (parts.where !== TRUE) clauses.push(sql`where ${parts.where}`);
  if (parts.groupBy?.length) clauses.push(sql`group by ${sql.join(parts.groupBy)}`);
  if (parts.orderBy?.length) clauses.push(sql`order by ${sql.join(parts.orderBy)}`);
  // The last parameters, in the order of `pageParameters`.
  if (parts.limit !== undefined) clauses.push(sql`limit ${parts.limit}`);
  if (parts.offset !== undefined) clauses.push(sql`offset ${parts.offset}`);

  return sql.join(clauses, sql` `);
}

/** The values the LIMIT and OFFSET of `selectFromPlan` bind: its last parameters, in order. @internal */
export function pageParameters(parts: Pick<SelectParts, 'limit' | 'offset'>): number[] {
  const values: number[] = [];
  if (parts.limit !== undefined) values.push(parts.limit);
  if (parts.offset !== undefined) values.push(parts.offset);

  return values;
}
