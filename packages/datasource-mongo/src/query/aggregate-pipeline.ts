import type { AggregateResult, Aggregation, DateOperation, Filter } from '@platform/datasource-toolkit';
import type { MongoDocument } from '../connection/mongo-driver';
import type { CollectionModel } from '../schema/collection-model';
import { fromMongoValue } from './bson-values';
import { filterTree, type QueryContext } from './filter-to-match';
import { lookupStages } from './lookup-stages';
import { matchStages } from './match-stages';
import { resolveField } from './resolve-field';
import { sourceStages } from './source-stages';

const UNITS: Record<DateOperation, string> = {
  Day: 'day',
  Week: 'week',
  Month: 'month',
  Quarter: 'quarter',
  Year: 'year',
};

/**
 * One aggregation pipeline: match, the lookups of the relations read, one `$group`, then the
 * groups sorted by value (largest first, nulls last) and cut to `limit`. Date groups are the first
 * day of their period in the caller's time zone (`$dateTrunc` with `timezone`, weeks on Mondays),
 * written `YYYY-MM-DD` in that zone.
 * @internal
 */
export function aggregatePipeline(
  model: CollectionModel,
  filter: Filter,
  aggregation: Aggregation,
  context: QueryContext,
  limit?: number,
): MongoDocument[] {
  const done = new Set<string>();
  const stages = [...sourceStages(model), ...matchStages(filterTree(filter, model, context), model, context, done)];
  const paths = [...(aggregation.field ? [aggregation.field] : []), ...aggregation.groups.map((group) => group.field)];
  const resolved = new Map(paths.map((path) => [path, resolveField(model, path, context.lookup)]));
  stages.push(
    ...lookupStages(
      model,
      [...resolved.values()].flatMap((field) => field.relationPrefixes),
      context.lookup,
      done,
    ),
  );

  const id: Record<string, unknown> = {};
  aggregation.groups.forEach((group, index) => {
    const path = `$${resolved.get(group.field)?.mongoPath ?? group.field}`;
    id[`g${index}`] = group.operation
      ? {
          $dateToString: {
            format: '%Y-%m-%d',
            timezone: context.timezone,
            date: {
              $dateTrunc: {
                date: path,
                unit: UNITS[group.operation],
                timezone: context.timezone,
                startOfWeek: 'monday',
              },
            },
          },
        }
      : path;
  });
  const field = aggregation.field ? `$${resolved.get(aggregation.field)?.mongoPath ?? aggregation.field}` : undefined;
  stages.push({ $group: { _id: id, value: accumulator(aggregation, field) } });
  const sort: Record<string, 1 | -1> = { value: -1 };
  aggregation.groups.forEach((_group, index) => {
    sort[`_id.g${index}`] = 1;
  });
  stages.push({ $sort: sort });
  if (limit !== undefined) stages.push({ $limit: limit });

  return stages;
}

/** Rows of the pipeline as results; with no group there is always one row (Count 0, else null). @internal */
export function toAggregateResults(rows: readonly MongoDocument[], aggregation: Aggregation): AggregateResult[] {
  if (aggregation.groups.length === 0 && rows.length === 0) {
    return [{ value: aggregation.operation === 'Count' ? 0 : null, group: {} }];
  }

  return rows.map((row) => {
    const id = (row._id ?? {}) as MongoDocument;
    const group = Object.fromEntries(aggregation.groups.map((g, index) => [g.field, fromMongoValue(id[`g${index}`])]));

    return { value: fromMongoValue(row.value) as number | null, group };
  });
}

function accumulator(aggregation: Aggregation, field: string | undefined): MongoDocument {
  switch (aggregation.operation) {
    case 'Count':
      return field ? { $sum: { $cond: [{ $eq: [{ $ifNull: [field, null] }, null] }, 0, 1] } } : { $sum: 1 };
    case 'Sum':
      return { $sum: field };
    case 'Avg':
      return { $avg: field };
    case 'Max':
      return { $max: field };
    case 'Min':
      return { $min: field };
    default: {
      const unknownOperation: never = aggregation.operation;
      throw new Error(`Unknown aggregation ${String(unknownOperation)}.`);
    }
  }
}
