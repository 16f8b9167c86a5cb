import { Aggregation, type DataSourceChartDefinition, Filter } from '@platform/agent';
import { ORDER_STATUSES } from '../order-status';

/** A dashboard pie: how many orders have each status, counted by the database (one query). */
export const ordersByStatusChart: DataSourceChartDefinition = async (context, result) => {
  const rows = await context.dataSource
    .getCollection('orders')
    .aggregate(context.caller, new Filter({}), new Aggregation({ operation: 'Count', groups: [{ field: 'status' }] }));
  const counts = new Map(rows.map((row) => [row.group.status, Number(row.value)]));

  return result.distribution(Object.fromEntries(ORDER_STATUSES.map((status) => [status, counts.get(status) ?? 0])));
};
