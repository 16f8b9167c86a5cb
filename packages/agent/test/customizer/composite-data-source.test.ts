import { createInMemoryDataSource, type DataSource } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { CompositeDataSource } from '../../src/customizer/composite-data-source';
import { makeCountingLibrary } from '../factories/make-counting-library';

function withConnection(connection: string, charts: string[] = []): DataSource {
  const base = createInMemoryDataSource({
    logs: { fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } } },
  });
  return {
    ...base,
    collections: base.collections,
    getCollection: (name) => base.getCollection(name),
    schema: { charts },
    nativeQueryConnections: [connection],
    renderChart: async () => ({ type: 'Value', value: { countCurrent: 1 } }),
    executeNativeQuery: async () => [{ connection }],
    close: async () => {},
  };
}

describe('CompositeDataSource', () => {
  test('lists the collections of every data source, in order', () => {
    const composite = new CompositeDataSource();

    composite.addDataSource(makeCountingLibrary(), 'data source #1');
    composite.addDataSource(withConnection('warehouse'), 'data source #2');

    expect(composite.collections.map((collection) => collection.name)).toEqual([
      'authors',
      'books',
      'covers',
      'reviews',
      'tags',
      'bookTags',
      'events',
      'logs',
    ]);
  });

  test('routes native queries and charts to the data source that has them', async () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(makeCountingLibrary(), 'data source #1');
    composite.addDataSource(withConnection('warehouse', ['revenue']), 'data source #2');

    const rows = await composite.executeNativeQuery('warehouse', 'select 1');
    const chart = await composite.renderChart(makeCaller(), 'revenue');

    expect(rows).toEqual([{ connection: 'warehouse' }]);
    expect(chart).toEqual({ type: 'Value', value: { countCurrent: 1 } });
    expect(composite.schema.charts).toEqual(['revenue']);
  });

  test('refuses an unknown connection, chart or collection, naming those that exist', async () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(withConnection('warehouse'), 'data source #1');

    await expect(composite.executeNativeQuery('crm', 'select 1')).rejects.toMatchObject({
      name: 'NotFoundError',
      message: expect.stringContaining('Connections: warehouse'),
    });
    await expect(composite.renderChart(makeCaller(), 'x')).rejects.toMatchObject({ name: 'NotFoundError' });
    expect(() => composite.getCollection('x')).toThrow(
      expect.objectContaining({ name: 'NotFoundError', message: expect.stringContaining('Collections: logs') }),
    );
  });

  test('refuses two connections of one name, naming both data sources', () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(withConnection('warehouse'), 'data source #1');
    const other = withConnection('warehouse');

    expect(() =>
      composite.addDataSource({ ...other, collections: [], getCollection: other.getCollection }, 'data source #2'),
    ).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining('data source #2 clashes with the connection of data source #1'),
      }),
    );
  });
});
