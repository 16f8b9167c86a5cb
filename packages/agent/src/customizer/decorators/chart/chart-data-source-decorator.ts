import {
  type Caller,
  type Chart,
  type DataSource,
  type DataSourceSchema,
  NotFoundError,
} from '@platform/datasource-toolkit';
import { DataSourceDecorator } from '../data-source-decorator';
import { ChartCollectionDecorator } from './chart-collection-decorator';
import { ChartResultBuilder } from './result-builder';
import { checkChart, checkChartDefinition, type DataSourceChartDefinition } from './types';

/**
 * Adds data-source-level charts (`agent.addChart`) and renders them; other names go to the child.
 * Its collections are `ChartCollectionDecorator`s, for record-level charts.
 */
export class ChartDataSourceDecorator extends DataSourceDecorator<ChartCollectionDecorator> {
  protected readonly charts = new Map<string, DataSourceChartDefinition>();

  constructor(childDataSource: DataSource) {
    super(childDataSource, ChartCollectionDecorator);
  }

  /** The child's charts, then those added here. */
  override get schema(): DataSourceSchema {
    return { ...this.childDataSource.schema, charts: [...this.childDataSource.schema.charts, ...this.charts.keys()] };
  }

  /**
   * Adds a chart of the whole data source; its name joins `schema.charts`.
   * @throws Error when the name is taken (here or by the child) or the definition is not a function.
   */
  addChart(name: string, definition: DataSourceChartDefinition): void {
    checkChartDefinition('the data source', name, definition);
    if (this.charts.has(name) || this.childDataSource.schema.charts.includes(name)) {
      throw new Error(`Chart '${name}' already exists on the data source: choose another name.`);
    }

    this.charts.set(name, definition);
  }

  /** @throws NotFoundError naming the charts that exist. */
  override async renderChart(caller: Caller, name: string): Promise<Chart> {
    const definition = this.charts.get(name);
    if (definition === undefined) {
      if (this.childDataSource.schema.charts.includes(name)) return super.renderChart(caller, name);
      const charts = this.schema.charts;
      throw new NotFoundError(
        `Chart '${name}' does not exist on the data source. Charts: ${charts.join(', ') || 'none'}.`,
        {
          details: { chart: name, allowed: [...charts] },
        },
      );
    }

    const chart = await definition({ caller, dataSource: this }, new ChartResultBuilder(caller.timezone));

    return checkChart(name, 'the data source', chart);
  }
}
