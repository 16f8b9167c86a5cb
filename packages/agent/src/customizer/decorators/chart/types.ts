import type { Caller, Chart, DataSource } from '@platform/datasource-toolkit';
import type { CollectionChartContext } from './collection-chart-context';
import type { ChartResultBuilder } from './result-builder';

// Re-exported so that the package entry can name every chart type from this file.
export type { CollectionChartContext } from './collection-chart-context';
export type { ChartDate, ChartResultBuilder } from './result-builder';

/**
 * A chart of one record of a collection (`collection.addChart`): build the result with
 * `resultBuilder` (spec §2.9).
 *
 * @example
 * collection.addChart('Orders per month', async (context, resultBuilder) => {
 *   const { orders } = await context.getRecord(['orders']);
 *   return resultBuilder.value(orders);
 * });
 */
export type CollectionChartDefinition = (
  context: CollectionChartContext,
  resultBuilder: ChartResultBuilder,
) => Chart | Promise<Chart>;

/** What a data-source chart receives: who asks, and the data source to query. */
export interface DataSourceChartContext {
  readonly caller: Caller;
  readonly dataSource: DataSource;
}

/** A chart of the whole data source (`agent.addChart`). */
export type DataSourceChartDefinition = (
  context: DataSourceChartContext,
  resultBuilder: ChartResultBuilder,
) => Chart | Promise<Chart>;

/** @internal The kinds of chart `ChartResultBuilder` produces, to check what a definition returned. */
export const CHART_TYPES: readonly unknown[] = [
  'Value',
  'Distribution',
  'TimeBased',
  'MultipleTimeBased',
  'Percentage',
  'Objective',
  'Leaderboard',
  'Smart',
];

/** @internal The chart a definition returned, checked. */
export function checkChart(name: string, owner: string, chart: unknown): Chart {
  if (typeof chart !== 'object' || chart === null || !CHART_TYPES.includes((chart as { type?: unknown }).type)) {
    throw new Error(`Chart '${name}' of ${owner} returned ${String(chart)}: return a resultBuilder result.`);
  }

  return chart as Chart;
}

/** @internal Checks an `addChart` call. @throws Error on an empty name or a definition that is not a function. */
export function checkChartDefinition(owner: string, name: unknown, definition: unknown): void {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new Error(`Invalid chart on ${owner}: the name must be a non-empty string.`);
  }
  if (typeof definition !== 'function') {
    throw new Error(`Invalid chart '${name}' on ${owner}: the definition must be a function (context, resultBuilder).`);
  }
}
