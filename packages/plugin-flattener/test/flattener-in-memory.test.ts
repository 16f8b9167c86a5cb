import { DataSourceCustomizer } from '@platform/agent';
import {
  createInMemoryDataSource,
  Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { flattenColumn } from '../src';
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
      .getDataSource(() => {});

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
});
