import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { ObjectId } from 'mongodb';
import { ADA, makeShopDataSource, makeShopDocuments } from '../factories/shop-documents';

const caller = makeCaller();
const stageNames = (pipeline: readonly Record<string, unknown>[]) => pipeline.map((stage) => Object.keys(stage)[0]);

function manyOrders(count: number) {
  return Array.from({ length: count }, (_unused, index) => ({
    _id: new ObjectId(),
    customerId: ADA,
    total: index,
    status: 'paid',
    placedAt: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000),
    lines: [],
  }));
}

describe('list pipelines', () => {
  test.each([1, 50, 400])('reads a page of %i records with relations in one aggregate call', async (size) => {
    const { client, dataSource } = await makeShopDataSource({}, makeShopDocuments({ orders: manyOrders(400) }));
    client.resetCalls();

    const records = await dataSource
      .getCollection('orders')
      .list(
        caller,
        new PaginatedFilter({ sort: Sort.fromString('total'), page: new Page(0, size) }),
        new Projection('total', 'customer:name'),
      );

    expect(records).toHaveLength(size);
    expect(records[size - 1]).toEqual({ total: size - 1, customer: { name: 'Ada' } });
    expect(client.calls.aggregate).toHaveLength(1);
    expect(client.calls.find).toBe(0);
  });

  test('looks no relation up when none is read', async () => {
    const { client, dataSource } = await makeShopDataSource();
    client.resetCalls();

    const records = await dataSource
      .getCollection('orders')
      .list(caller, new PaginatedFilter({}), new Projection('total'));

    expect(records.length).toBeGreaterThan(0);
    expect(stageNames(client.calls.aggregate[0] ?? [])).toEqual(['$project']);
  });

  test('sorts, skips and limits before looking up relations only projected', async () => {
    const { client, dataSource } = await makeShopDataSource();
    client.resetCalls();
    const filter = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('status', 'Equal', 'paid'),
      sort: Sort.fromString('-total'),
      page: new Page(1, 1),
    });

    const records = await dataSource
      .getCollection('orders')
      .list(caller, filter, new Projection('total', 'customer:name'));

    expect(records).toEqual([{ total: 30, customer: { name: 'Ada' } }]);
    expect(stageNames(client.calls.aggregate[0] ?? [])).toEqual([
      '$match',
      '$sort',
      '$skip',
      '$limit',
      '$lookup',
      '$set',
      '$project',
    ]);
  });

  test('matches own fields before the lookup a relation condition needs', async () => {
    const { client, dataSource } = await makeShopDataSource();
    client.resetCalls();
    const conditionTree = ConditionTreeFactory.intersect(
      new ConditionTreeLeaf('total', 'GreaterThan', 20),
      new ConditionTreeLeaf('customer:name', 'Equal', 'Grace'),
    );
    const filter = new PaginatedFilter({ conditionTree, sort: Sort.fromString('total') });

    const records = await dataSource.getCollection('orders').list(caller, filter, new Projection('total'));

    expect(records).toEqual([{ total: 99 }]);
    const pipeline = client.calls.aggregate[0] ?? [];
    expect(stageNames(pipeline)).toEqual(['$match', '$lookup', '$set', '$match', '$sort', '$project']);
    expect(pipeline[1]).toEqual({
      $lookup: { from: 'customers', localField: 'customerId', foreignField: '_id', as: 'customer' },
    });
  });

  test('returns ObjectIds as hex strings, dates as ISO strings and nested objects as they are', async () => {
    const { dataSource } = await makeShopDataSource();
    const filter = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('_id', 'Equal', '65b000000000000000000001'),
    });

    const records = await dataSource
      .getCollection('orders')
      .list(caller, filter, new Projection('_id', 'customerId', 'placedAt', 'lines', 'customer:address'));

    expect(records).toEqual([
      {
        _id: '65b000000000000000000001',
        customerId: ADA.toHexString(),
        placedAt: '2026-03-31T22:30:00.000Z',
        lines: [
          { sku: 'PEN', qty: 2 },
          { sku: 'INK', qty: 1 },
        ],
        customer: { address: { city: 'London', zip: 'N1' } },
      },
    ]);
  });
});
