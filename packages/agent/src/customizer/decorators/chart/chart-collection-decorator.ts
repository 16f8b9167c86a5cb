import {
  type Caller,
  type Chart,
  type CollectionSchema,
  type CompositeId,
  getPrimaryKeys,
  NotFoundError,
  ValidationError,
} from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { CollectionChartContext } from './collection-chart-context';
import { ChartResultBuilder } from './result-builder';
import { type CollectionChartDefinition, checkChart, checkChartDefinition } from './types';

/** Adds record-level charts (`collection.addChart`) and renders them; other names go to the child. */
export class ChartCollectionDecorator extends CollectionDecorator {
  protected readonly charts = new Map<string, CollectionChartDefinition>();

  /**
   * Adds a chart of one record; its name joins `schema.charts`.
   * @throws Error when the name is taken (here or by the child) or the definition is not a function.
   */
  addChart(name: string, definition: CollectionChartDefinition): void {
    checkChartDefinition(`'${this.name}'`, name, definition);
    if (this.charts.has(name) || this.childCollection.schema.charts.includes(name)) {
      throw new Error(`Chart '${name}' already exists on '${this.name}': choose another name.`);
    }

    this.charts.set(name, definition);
    this.markSchemaAsDirty();
  }

  override get isCustomized(): boolean {
    return this.charts.size > 0;
  }

  /**
   * Renders the chart `name` for the record `recordId`.
   * @throws NotFoundError naming the charts that exist, ValidationError when the id has the wrong length.
   */
  override async renderChart(caller: Caller, name: string, recordId: CompositeId): Promise<Chart> {
    const definition = this.charts.get(name);
    if (definition === undefined) {
      if (this.childCollection.schema.charts.includes(name)) return super.renderChart(caller, name, recordId);
      const charts = this.schema.charts;
      throw new NotFoundError(
        `Chart '${name}' does not exist on '${this.name}'. Charts: ${charts.join(', ') || 'none'}.`,
        { details: { chart: name, allowed: [...charts] } },
      );
    }

    this.checkRecordId(recordId);
    const context = new CollectionChartContext(this, caller, recordId);
    const chart = await definition(context, new ChartResultBuilder(caller.timezone));

    return checkChart(name, `'${this.name}'`, chart);
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    return { ...childSchema, charts: [...childSchema.charts, ...this.charts.keys()] };
  }

  private checkRecordId(recordId: CompositeId): void {
    const primaryKeys = getPrimaryKeys(this.schema);
    const isValid =
      Array.isArray(recordId) &&
      recordId.length === primaryKeys.length &&
      recordId.every((part) => typeof part === 'string' || typeof part === 'number');
    if (!isValid) {
      throw new ValidationError(
        `Invalid record id ${JSON.stringify(recordId)} for '${this.name}': expected ${primaryKeys.length} value(s) (${primaryKeys.join(', ')}).`,
      );
    }
  }
}
