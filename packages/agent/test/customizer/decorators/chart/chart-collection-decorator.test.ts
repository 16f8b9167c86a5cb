import type { Caller, Chart, CollectionSchema, CompositeId } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { ChartCollectionDecorator } from '../../../../src/customizer/decorators/chart/chart-collection-decorator';
import type { CollectionChartContext } from '../../../../src/customizer/decorators/chart/collection-chart-context';
import { CollectionDecorator } from '../../../../src/customizer/decorators/collection-decorator';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

function makeAuthors() {
  const library = makeCountingLibrary();
  const authors = new DataSourceDecorator(library, ChartCollectionDecorator).getCollection('authors');

  return { authors, child: library.getCollection('authors') };
}

/** A child collection with one native chart, 'Native', rendering the record id as a percentage. */
class NativeChartCollection extends CollectionDecorator {
  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    return { ...childSchema, charts: ['Native'] };
  }

  override async renderChart(_caller: Caller, _name: string, recordId: CompositeId): Promise<Chart> {
    return { type: 'Percentage', value: Number(recordId[0]) };
  }
}

describe('ChartCollectionDecorator', () => {
  test('keeps and renders the charts of the child', async () => {
    const library = makeCountingLibrary();
    const native = new DataSourceDecorator(library, NativeChartCollection);
    const authors = new DataSourceDecorator(native, ChartCollectionDecorator).getCollection('authors');
    authors.addChart('Mine', (_context, resultBuilder) => resultBuilder.value(1));

    const chart = await authors.renderChart(makeCaller(), 'Native', [7]);

    expect(authors.schema.charts).toEqual(['Native', 'Mine']);
    expect(chart).toEqual({ type: 'Percentage', value: 7 });
    expect(() => authors.addChart('Native', (_context, resultBuilder) => resultBuilder.value(1))).toThrow(
      /already exists/,
    );
  });

  test('adds chart names to the schema, after the child ones, computed once', () => {
    const { authors } = makeAuthors();
    const before = authors.schema;

    authors.addChart('Books', (_context, resultBuilder) => resultBuilder.value(1));
    authors.addChart('Ratings', (_context, resultBuilder) => resultBuilder.value(2));

    expect(before.charts).toEqual([]);
    expect(authors.schema.charts).toEqual(['Books', 'Ratings']);
    expect(authors.schema).toBe(authors.schema);
  });

  test('renders a chart with the record it is about', async () => {
    const { authors } = makeAuthors();
    authors.addChart('Name length', async (context, resultBuilder) => {
      const record = await context.getRecord(['name']);
      return resultBuilder.value(String(record.name).length);
    });

    const chart = await authors.renderChart(makeCaller(), 'Name length', [2]);

    expect(chart).toEqual({ type: 'Value', value: { countCurrent: 14 } });
  });

  test('gives the chart the caller, the collection, and the record id in both forms', async () => {
    const { authors } = makeAuthors();
    const caller = makeCaller();
    let seen: CollectionChartContext | undefined;
    authors.addChart('Inspect', (context, resultBuilder) => {
      seen = context;
      return resultBuilder.smart(null);
    });

    await authors.renderChart(caller, 'Inspect', [3]);

    expect(seen?.caller).toBe(caller);
    expect(seen?.collection).toBe(authors);
    expect(seen?.recordId).toBe(3);
    expect(seen?.compositeRecordId).toEqual([3]);
  });

  test('getRecord reads related fields of the record', async () => {
    const { authors } = makeAuthors();
    authors.addChart('Inspect', async (context, resultBuilder) =>
      resultBuilder.smart(await context.getRecord(['name'])),
    );

    const chart = await authors.renderChart(makeCaller(), 'Inspect', [1]);

    expect(chart.value).toEqual({ id: 1, name: 'Frank Herbert' });
  });

  test('groups time-based charts in the caller time zone', async () => {
    const { authors } = makeAuthors();
    authors.addChart('Timeline', (_context, resultBuilder) =>
      resultBuilder.timeBased('Day', [{ date: '2026-01-01T23:30:00Z', value: 1 }]),
    );

    const chart = await authors.renderChart(makeCaller({ timezone: 'Europe/Paris' }), 'Timeline', [1]);

    expect(chart.value).toEqual([{ label: '02/01/2026', values: { value: 1 } }]);
  });

  test('getRecord throws a NotFoundError when the record does not exist', async () => {
    const { authors } = makeAuthors();
    authors.addChart('Inspect', async (context, resultBuilder) => resultBuilder.smart(await context.getRecord([])));

    const run = authors.renderChart(makeCaller(), 'Inspect', [99]);

    await expect(run).rejects.toMatchObject({ name: 'NotFoundError', message: expect.stringMatching(/'99'/) });
  });

  test('getRecord throws a MissingFieldError for an unknown field', async () => {
    const { authors } = makeAuthors();
    authors.addChart('Inspect', async (context, resultBuilder) =>
      resultBuilder.smart(await context.getRecord(['age'])),
    );

    await expect(authors.renderChart(makeCaller(), 'Inspect', [1])).rejects.toMatchObject({
      name: 'MissingFieldError',
    });
  });

  test('throws a NotFoundError naming the existing charts for an unknown chart', async () => {
    const { authors } = makeAuthors();
    authors.addChart('Books', (_context, resultBuilder) => resultBuilder.value(1));

    const run = authors.renderChart(makeCaller(), 'Sales', [1]);

    await expect(run).rejects.toMatchObject({
      name: 'NotFoundError',
      message: "Chart 'Sales' does not exist on 'authors'. Charts: Books.",
    });
  });

  test('throws a ValidationError for a record id of the wrong length', async () => {
    const { authors } = makeAuthors();
    authors.addChart('Books', (_context, resultBuilder) => resultBuilder.value(1));

    const run = authors.renderChart(makeCaller(), 'Books', [1, 2]);

    await expect(run).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringMatching(/expected 1 value/),
    });
  });

  test('throws an Error when the chart does not return a result builder chart', async () => {
    const { authors } = makeAuthors();
    authors.addChart('Books', async () => ({ total: 3 }) as never);

    await expect(authors.renderChart(makeCaller(), 'Books', [1])).rejects.toThrow(/return a resultBuilder result/);
  });

  test('propagates errors thrown by the chart unchanged', async () => {
    const { authors } = makeAuthors();
    const failure = new RangeError('no data');
    authors.addChart('Books', async () => {
      throw failure;
    });

    await expect(authors.renderChart(makeCaller(), 'Books', [1])).rejects.toBe(failure);
  });

  test('rejects a name taken by another chart', () => {
    const { authors } = makeAuthors();
    authors.addChart('Books', (_context, resultBuilder) => resultBuilder.value(1));

    expect(() => authors.addChart('Books', (_context, resultBuilder) => resultBuilder.value(2))).toThrow(
      "Chart 'Books' already exists on 'authors'",
    );
  });

  test.each([
    ['an empty name', '', (() => undefined) as never, /non-empty string/],
    ['a definition that is not a function', 'Books', { type: 'Value' } as never, /must be a function/],
  ])('rejects %s', (_case, name, definition, message) => {
    const { authors } = makeAuthors();

    expect(() => authors.addChart(name, definition)).toThrow(message);
  });
});
