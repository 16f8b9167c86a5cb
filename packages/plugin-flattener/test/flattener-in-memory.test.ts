import { DataSourceCustomizer } from '@platform/agent';
import {
  createInMemoryDataSource,
  Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { flattenColumn, flattenRelation } from '../src';
import { FOLD_PAGE_SIZE } from '../src/fold-writes';
import { makeCustomerDefinition, makeCustomerRecords } from './factories/customers';
import { runFlattenerSuite } from './flattener.case';

describe('flattener plugins over the in-memory data source', () => {
  runFlattenerSuite({
    makeDataSource: async () => createInMemoryDataSource(makeCustomerDefinition(), makeCustomerRecords()),
  });

  test('folds an update of many records a page at a time, one write per distinct value', async () => {
    const count = FOLD_PAGE_SIZE * 2 + 7;
    const customers = Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      name: `Customer ${index}`,
      address: { city: 'Paris', zip: String(index % 3) },
    }));
    const base = createInMemoryDataSource(makeCustomerDefinition(), { stores: [], customers });
    const list = jest.spyOn(base.getCollection('customers'), 'list');
    const update = jest.spyOn(base.getCollection('customers'), 'update');
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => base)
      .customizeCollection('customers', (collection) => collection.use(flattenColumn, { columnName: 'address' }))
      .getDataSource(silentLogger);

    await dataSource.getCollection('customers').update(makeCaller(), new Filter(), { 'address@@@city': 'Oslo' });

    expect(list).toHaveBeenCalledTimes(3);
    expect(update).toHaveBeenCalledTimes(3);
    const stored = await base
      .getCollection('customers')
      .list(makeCaller(), new PaginatedFilter(), new Projection('id', 'address'));
    expect(stored).toHaveLength(count);
    expect(
      stored.every(({ id, address }) => {
        const { city, zip } = address as RecordData;
        return city === 'Oslo' && zip === String(((id as number) - 1) % 3);
      }),
    ).toBe(true);
  });

  test('flattenRelation imports fields through a further to-one hop', async () => {
    const definition = makeCustomerDefinition();
    const records = makeCustomerRecords();
    const base = createInMemoryDataSource(
      {
        ...definition,
        regions: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            name: { type: 'Column', columnType: 'String' },
          },
        },
        stores: {
          fields: {
            ...definition.stores?.fields,
            regionId: { type: 'Column', columnType: 'Number' },
            region: { type: 'ManyToOne', foreignCollection: 'regions', foreignKey: 'regionId', foreignKeyTarget: 'id' },
          },
        },
      },
      {
        ...records,
        regions: [
          { id: 7, name: 'Hauts-de-France' },
          { id: 8, name: 'Provence' },
        ],
        stores: (records.stores ?? []).map((store) => ({ ...store, regionId: store.id === 1 ? 7 : 8 })),
      },
    );
    const dataSource = await new DataSourceCustomizer()
      .addDataSource(async () => base)
      .customizeCollection('customers', (collection) =>
        collection.use(flattenRelation, { relationName: 'store', include: ['name', 'region:name'] }),
      )
      .getDataSource(silentLogger);

    const listed = await dataSource
      .getCollection('customers')
      .list(makeCaller(), new PaginatedFilter(), new Projection('id', 'store@@@name', 'store@@@region@@@name'));

    expect(listed.sort((a, b) => (a.id as number) - (b.id as number))).toEqual([
      { id: 1, 'store@@@name': 'North', 'store@@@region@@@name': 'Hauts-de-France' },
      { id: 2, 'store@@@name': 'South', 'store@@@region@@@name': 'Provence' },
      { id: 3, 'store@@@name': 'North', 'store@@@region@@@name': 'Hauts-de-France' },
    ]);
  });

  test.each([
    [{ columnName: 'address', level: 0 }, "'level' must be a whole number"],
    [{ columnName: 'address', include: ['geo'], exclude: ['geo'] }, 'leave no path'],
    [{ columnName: 'address', include: 'city' }, "'include' must be an array"],
  ])('flattenColumn refuses %j at build time', async (options, message) => {
    const build = new DataSourceCustomizer()
      .addDataSource(async () => createInMemoryDataSource(makeCustomerDefinition(), makeCustomerRecords()))
      .customizeCollection('customers', (collection) => collection.use(flattenColumn, options as never))
      .getDataSource(silentLogger);

    await expect(build).rejects.toMatchObject({ name: 'PluginError', message: expect.stringContaining(message) });
  });

  test('refuses to be loaded on the whole agent', async () => {
    const build = new DataSourceCustomizer()
      .addDataSource(async () => createInMemoryDataSource(makeCustomerDefinition(), makeCustomerRecords()))
      .use(flattenColumn, { columnName: 'address' })
      .getDataSource(silentLogger);

    await expect(build).rejects.toMatchObject({ message: expect.stringContaining('collection.use(flattenColumn') });
  });
});
