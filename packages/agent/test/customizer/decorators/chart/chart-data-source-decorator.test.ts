import { type Caller, type Chart, type DataSource, PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { ChartCollectionDecorator } from '../../../../src/customizer/decorators/chart/chart-collection-decorator';
import { ChartDataSourceDecorator } from '../../../../src/customizer/decorators/chart/chart-data-source-decorator';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

/** A data source that already has one native chart, 'Native' (a percentage of its name's length). */
function withNativeChart(inner: DataSource): DataSource {
  return {
    get collections() {
      return inner.collections;
    },
    schema: { charts: ['Native'] },
    nativeQueryConnections: [],
    getCollection: (name: string) => inner.getCollection(name),
    renderChart: async (_caller: Caller, name: string): Promise<Chart> => ({ type: 'Percentage', value: name.length }),
    executeNativeQuery: (connection: string, query: string) => inner.executeNativeQuery(connection, query),
    close: () => inner.close(),
  };
}

describe('ChartDataSourceDecorator', () => {
  test('adds chart names to the data source schema', () => {
    const dataSource = new ChartDataSourceDecorator(makeCountingLibrary());

    dataSource.addChart('Books per author', (_context, resultBuilder) => resultBuilder.value(1));

    expect(dataSource.schema.charts).toEqual(['Books per author']);
  });

  test('renders a chart with the caller and the data source', async () => {
    const dataSource = new ChartDataSourceDecorator(makeCountingLibrary());
    const caller = makeCaller();
    dataSource.addChart('Books', async (context, resultBuilder) => {
      const books = await context.dataSource
        .getCollection('books')
        .list(context.caller, new PaginatedFilter(), new Projection('id'));
      return resultBuilder.value(books.length);
    });

    const chart = await dataSource.renderChart(caller, 'Books');

    expect(chart).toEqual({ type: 'Value', value: { countCurrent: 3 } });
  });

  test('gives the chart the caller and the decorator as data source', async () => {
    const dataSource = new ChartDataSourceDecorator(makeCountingLibrary());
    const caller = makeCaller();
    let seen: { caller: Caller; dataSource: DataSource } | undefined;
    dataSource.addChart('Inspect', (context, resultBuilder) => {
      seen = context;
      return resultBuilder.smart(1);
    });

    await dataSource.renderChart(caller, 'Inspect');

    expect(seen?.caller).toBe(caller);
    expect(seen?.dataSource).toBe(dataSource);
  });

  test('groups time-based charts in the caller time zone', async () => {
    const dataSource = new ChartDataSourceDecorator(makeCountingLibrary());
    dataSource.addChart('Timeline', (_context, resultBuilder) =>
      resultBuilder.timeBased('Year', [{ date: '2025-12-31T23:30:00Z', value: 1 }]),
    );

    const chart = await dataSource.renderChart(makeCaller({ timezone: 'Europe/Paris' }), 'Timeline');

    expect(chart.value).toEqual([{ label: '2026', values: { value: 1 } }]);
  });

  test('keeps and renders the charts of the child', async () => {
    const dataSource = new ChartDataSourceDecorator(withNativeChart(makeCountingLibrary()));
    dataSource.addChart('Mine', (_context, resultBuilder) => resultBuilder.value(1));

    const chart = await dataSource.renderChart(makeCaller(), 'Native');

    expect(dataSource.schema.charts).toEqual(['Native', 'Mine']);
    expect(chart).toEqual({ type: 'Percentage', value: 6 });
  });

  test('wraps collections in ChartCollectionDecorator', () => {
    const dataSource = new ChartDataSourceDecorator(makeCountingLibrary());

    expect(dataSource.getCollection('books')).toBeInstanceOf(ChartCollectionDecorator);
  });

  test('throws a NotFoundError naming the existing charts for an unknown chart', async () => {
    const dataSource = new ChartDataSourceDecorator(withNativeChart(makeCountingLibrary()));
    dataSource.addChart('Mine', (_context, resultBuilder) => resultBuilder.value(1));

    const run = dataSource.renderChart(makeCaller(), 'Theirs');

    await expect(run).rejects.toMatchObject({
      name: 'NotFoundError',
      message: "Chart 'Theirs' does not exist on the data source. Charts: Native, Mine.",
    });
  });

  test('rejects a name taken by a chart of the child', () => {
    const dataSource = new ChartDataSourceDecorator(withNativeChart(makeCountingLibrary()));

    expect(() => dataSource.addChart('Native', (_context, resultBuilder) => resultBuilder.value(1))).toThrow(
      "Chart 'Native' already exists on the data source",
    );
  });

  test('rejects a name taken by an added chart', () => {
    const dataSource = new ChartDataSourceDecorator(makeCountingLibrary());
    dataSource.addChart('Mine', (_context, resultBuilder) => resultBuilder.value(1));

    expect(() => dataSource.addChart('Mine', (_context, resultBuilder) => resultBuilder.value(2))).toThrow(
      /already exists/,
    );
  });

  test('throws an Error when the chart does not return a result builder chart', async () => {
    const dataSource = new ChartDataSourceDecorator(makeCountingLibrary());
    dataSource.addChart('Mine', () => 42 as never);

    await expect(dataSource.renderChart(makeCaller(), 'Mine')).rejects.toThrow(/returned 42/);
  });

  test('rejects a definition that is not a function', () => {
    const dataSource = new ChartDataSourceDecorator(makeCountingLibrary());

    expect(() => dataSource.addChart('Mine', 'value' as never)).toThrow(/must be a function/);
  });
});
