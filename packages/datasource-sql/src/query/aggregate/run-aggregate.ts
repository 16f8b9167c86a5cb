import { type AggregateResult, type Aggregation, type Filter, ValidationError } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import { DateTime, IANAZone } from 'luxon';
import type { OffsetSegment } from '../../dialects/sql-flavor';
import { filterToSql } from '../filter/filter-to-sql';
import { JoinPlan, type ResolvedField } from '../joins/join-plan';
import { selectFromPlan } from '../joins/select-from-plan';
import type { QueryContext } from '../query-context';
import type { SqlExpression } from '../sql-expression';
import type { TableModel } from '../table-model';
import { toDateValue } from '../values/convert-values';
import { getOffsetSegments } from './offset-segments';

/**
 * Count, Sum, Avg, Min or Max, optionally grouped by fields (relation fields through LEFT JOINs)
 * and by date periods in the caller's time zone, as one GROUP BY query. Rows come ordered by value,
 * descending with nulls last, then by group; keys are formatted as the toolkit's in-memory
 * aggregation does (`YYYY-MM-DD` of the first day of the period, weeks starting on Monday).
 * @internal
 */
export async function runAggregate(
  context: QueryContext,
  model: TableModel,
  filter: Filter | undefined,
  aggregation: Aggregation,
  timezone: string,
  limit?: number,
): Promise<AggregateResult[]> {
  const { db, flavor, lookup } = context;
  const plan = new JoinPlan(model, lookup, flavor);
  const where = filterToSql(filter, plan, flavor, lookup, timezone);
  const target = aggregation.field === undefined ? undefined : plan.resolve(aggregation.field);
  const groups = aggregation.groups.map((group) => ({ ...group, resolved: plan.resolve(group.field) }));
  for (const group of groups) if (group.operation) assertDateColumn(group.field, group.resolved);
  if (
    target &&
    aggregation.operation !== 'Count' &&
    aggregation.operation !== 'Min' &&
    aggregation.operation !== 'Max'
  ) {
    if (target.column.columnType !== 'Number') {
      throw new ValidationError(`Cannot ${aggregation.operation} '${aggregation.field}': it is not a Number column.`);
    }
  }
  if (groups.some((group) => group.operation) && !IANAZone.isValidZone(timezone)) {
    throw new ValidationError(`Unknown time zone "${timezone}".`);
  }

  const groupExpressions: SqlExpression[] = [];
  for (const group of groups) {
    if (!group.operation) {
      groupExpressions.push(group.resolved.ref);
      continue;
    }
    const segments = flavor.needsOffsetSegments
      ? await loadSegments(context, plan, where, group.resolved, timezone)
      : [];
    groupExpressions.push(
      flavor.dateBucket(group.resolved.ref, group.resolved.column, group.operation, timezone, segments),
    );
  }

  const value = aggregateExpression(aggregation.operation, target?.ref);
  // Ordinals, not expressions: a time zone bound twice would be two parameters the server cannot match.
  const ordinals = groupExpressions.map((_, index) => sql.raw(String(index + 2)));
  const query = selectFromPlan(plan, {
    select: [
      sql`${value} as ${sql.id('v')}`,
      ...groupExpressions.map((expression, index) => sql`${expression} as ${sql.id(`g${index}`)}`),
    ],
    where,
    groupBy: ordinals,
    orderBy: [
      flavor.orderBy(sql.raw('1'), false, true),
      ...ordinals.map((ordinal) => flavor.orderBy(ordinal, true, true)),
    ],
    limit,
  });

  const rows = (await query.execute(db)).rows as Array<Record<string, unknown>>;

  return rows.map((row) => ({
    value: readValue(row.v, aggregation.operation, target, context),
    group: Object.fromEntries(
      groups.map((group, index) => {
        const raw = row[`g${index}`];
        return [group.field, group.operation ? (raw ?? null) : context.flavor.fromDatabase(raw, group.resolved.column)];
      }),
    ),
  }));
}

function aggregateExpression(operation: Aggregation['operation'], ref: SqlExpression | undefined): SqlExpression {
  if (!ref) return sql`count(*)`;
  switch (operation) {
    case 'Count':
      return sql`count(${ref})`;
    case 'Sum':
      return sql`sum(${ref})`;
    case 'Avg':
      return sql`avg(${ref})`;
    case 'Max':
      return sql`max(${ref})`;
    case 'Min':
      return sql`min(${ref})`;
    default: {
      const unknownOperation: never = operation;
      throw new ValidationError(`Unknown aggregation ${String(unknownOperation)}.`);
    }
  }
}

function readValue(
  raw: unknown,
  operation: Aggregation['operation'],
  target: ResolvedField | undefined,
  context: QueryContext,
): unknown {
  if (raw === null || raw === undefined) return operation === 'Count' ? 0 : null;
  if (operation === 'Count' || operation === 'Sum' || operation === 'Avg') return Number(raw);

  return target ? context.flavor.fromDatabase(raw, target.column) : raw;
}

function assertDateColumn(field: string, resolved: ResolvedField): void {
  const { columnType } = resolved.column;
  if (columnType !== 'Date' && columnType !== 'Dateonly') {
    throw new ValidationError(`Cannot group '${field}' by date: it is a ${String(columnType)} column, not a date.`);
  }
}

/** Offsets of the zone over the rows' date range (one extra MIN/MAX query); none for fixed zones. */
async function loadSegments(
  context: QueryContext,
  plan: JoinPlan,
  where: SqlExpression,
  field: ResolvedField,
  timezone: string,
): Promise<OffsetSegment[]> {
  const zone = DateTime.now().setZone(timezone).zone;
  if (field.column.columnType === 'Dateonly' || zone.isUniversal) {
    return [{ offsetMinutes: zone.offset(Date.now()) }];
  }
  const { rows } = await selectFromPlan(plan, {
    select: [sql`min(${field.ref}) as ${sql.id('low')}`, sql`max(${field.ref}) as ${sql.id('high')}`],
    where,
  }).execute(context.db);
  const row = rows[0] as Record<string, unknown> | undefined;
  const low = toDateValue(context.flavor.fromDatabase(row?.low, field.column));
  const high = toDateValue(context.flavor.fromDatabase(row?.high, field.column));
  if (!low || !high) return [{ offsetMinutes: zone.offset(Date.now()) }];

  return getOffsetSegments(timezone, low, high);
}
