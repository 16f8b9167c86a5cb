import type { Page, PaginatedFilter, Projection, RecordData } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import { filterToSql } from '../filter/filter-to-sql';
import { JoinPlan } from '../joins/join-plan';
import { type SelectParts, selectFromPlan } from '../joins/select-from-plan';
import type { QueryContext } from '../query-context';
import { identifier, type SqlExpression } from '../sql-expression';
import type { TableModel } from '../table-model';
import { createRecordReader, type Selection } from './read-records';

/**
 * One SELECT for a list: the projected columns, every to-one relation they, the filter or the
 * sort read as a LEFT JOIN (never one query per record), the filter and search as WHERE, the
 * sort with the primary key as tie-breaker (so pages are stable), and the page as LIMIT/OFFSET.
 * Columns are selected under generated aliases (`c0`...) and nested back into records.
 * @internal
 */
export function buildSelect(
  context: QueryContext,
  model: TableModel,
  filter: PaginatedFilter,
  projection: Projection,
  timezone: string,
) {
  const { db, flavor, lookup } = context;
  const plan = new JoinPlan(model, lookup, flavor);
  const where = filterToSql(filter, plan, flavor, lookup, timezone);

  const selections: Selection[] = projection.map((path, index) => {
    const field = plan.resolve(path);
    return { alias: `c${index}`, path, ref: field.ref, column: field.column };
  });
  const relationPaths = [...new Set(projection.flatMap((path) => relationPrefixes(path)))];
  const presences = relationPaths.map((path, index) => ({
    alias: `p${index}`,
    path,
    ref: plan.relation(path).presenceColumn,
  }));

  const orders: SqlExpression[] = [];
  const sorted = new Set<string>();
  for (const clause of filter.sort ?? []) {
    const field = plan.resolve(clause.field);
    orders.push(flavor.orderBy(field.ref, clause.ascending, field.isJoined || field.column.isNullable));
    sorted.add(clause.field);
  }
  for (const pk of model.primaryKeys) {
    if (!sorted.has(pk)) orders.push(flavor.orderBy(plan.resolve(pk).ref, true, false));
  }

  const query = selectFromPlan(plan, {
    select: [...selections, ...presences].map(({ ref, alias }) => sql`${ref} as ${identifier(alias)}`),
    where,
    orderBy: orders,
    ...pageBounds(filter.page, flavor.dialect),
  });

  const read = createRecordReader(selections, presences, flavor);

  return {
    query,
    plan,
    read,
    run: async (): Promise<RecordData[]> => {
      const { rows } = await query.execute(db);
      return read(rows as Array<Record<string, unknown>>);
    },
  };
}

/** `author:publisher:name` → `author`, `author:publisher`. */
function relationPrefixes(path: string): string[] {
  const segments = path.split(':').slice(0, -1);

  return segments.map((_, index) => segments.slice(0, index + 1).join(':'));
}

/**
 * The LIMIT and OFFSET of a list's page. The statement cache binds a cached statement's page
 * from here too (`pageParameters`), so that the two cannot disagree.
 * @internal
 */
export function pageBounds(page: Page | undefined, dialect: string): Pick<SelectParts, 'limit' | 'offset'> {
  const skip = page?.skip ?? 0;

  return { limit: page?.limit ?? noLimit(skip, dialect), offset: skip > 0 ? skip : undefined };
}

/** MySQL and SQLite need a LIMIT before an OFFSET: "all rows" is the largest value they take. */
function noLimit(skip: number, dialect: string): number | undefined {
  if (skip === 0 || dialect === 'postgres') return undefined;

  return dialect === 'mysql' ? Number.MAX_SAFE_INTEGER : -1;
}
