import { ConditionTreeLeaf, Filter, PaginatedFilter, Projection, Sort } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { ObjectId } from 'mongodb';
import { ADA, GRACE, makeShopDataSource } from '../factories/shop-documents';

const caller = makeCaller();
const byTotal = new PaginatedFilter({ sort: Sort.fromString('total') });

describe('writes', () => {
  test('creates documents with a generated ObjectId and stores references and dates as BSON', async () => {
    const { client, dataSource } = await makeShopDataSource();

    const [created] = await dataSource
      .getCollection('orders')
      .create(caller, [{ customerId: GRACE.toHexString(), total: 1, placedAt: '2026-05-01T00:00:00.000Z', lines: [] }]);

    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      customerId: GRACE.toHexString(),
      total: 1,
      placedAt: '2026-05-01T00:00:00.000Z',
      lines: [],
    });
    const stored = client.documents('orders').find((document) => String(document._id) === created?._id);
    expect(stored?.customerId).toBeInstanceOf(ObjectId);
    expect(stored?.placedAt).toBeInstanceOf(Date);
    expect(client.calls.insertMany).toBe(1);
  });

  test('updates the documents a relation condition matches, and only those', async () => {
    const { dataSource } = await makeShopDataSource();
    const orders = dataSource.getCollection('orders');
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf('customer:name', 'Equal', 'Ada') });

    await orders.update(caller, filter, { status: 'shipped' });

    expect(await orders.list(caller, byTotal, new Projection('total', 'status'))).toEqual([
      { total: 12.5, status: 'shipped' },
      { total: 30, status: 'shipped' },
      { total: 99, status: 'paid' },
    ]);
  });

  test('deletes by a filter on an ObjectId in one deleteMany', async () => {
    const { client, dataSource } = await makeShopDataSource();
    const orders = dataSource.getCollection('orders');
    client.resetCalls();

    await orders.delete(
      caller,
      new Filter({ conditionTree: new ConditionTreeLeaf('customerId', 'Equal', ADA.toHexString()) }),
    );

    expect(client.calls).toMatchObject({ deleteMany: 1, aggregate: [] });
    expect(await orders.list(caller, byTotal, new Projection('total'))).toEqual([{ total: 99 }]);
  });

  test('reports a duplicate _id as a ConflictError and keeps the stored document', async () => {
    const { dataSource } = await makeShopDataSource();
    const customers = dataSource.getCollection('customers');

    await expect(customers.create(caller, [{ _id: ADA.toHexString(), name: 'Impostor' }])).rejects.toMatchObject({
      name: 'ConflictError',
    });
    const filter = new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('_id', 'Equal', ADA.toHexString()) });
    expect(await customers.list(caller, filter, new Projection('name'))).toEqual([{ name: 'Ada' }]);
  });
});
