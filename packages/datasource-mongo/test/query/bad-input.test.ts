import { Aggregation, ConditionTreeLeaf, Filter, PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { makeShopDataSource } from '../factories/shop-documents';

const caller = makeCaller();
const where = (field: string, operator: ConstructorParameters<typeof ConditionTreeLeaf>[1], value?: unknown) =>
  new PaginatedFilter({ conditionTree: new ConditionTreeLeaf(field, operator, value) });

describe('bad input', () => {
  test.each([
    [
      'an invalid ObjectId in a filter',
      where('customerId', 'Equal', 'not-an-id'),
      /Invalid ObjectId "not-an-id" for 'customerId' of 'orders'/,
    ],
    [
      'an invalid ObjectId in an In list',
      where('_id', 'In', ['65b000000000000000000001', 'zz']),
      /Invalid ObjectId "zz" for '_id'/,
    ],
    ['an unknown field', where('shippedBy', 'Equal', 'x'), /shippedBy/],
    ['a type mismatch', where('total', 'GreaterThan', 'a lot'), /total/],
    ['an operator the type refuses', where('total', 'Contains', '1'), /Contains/],
    ['an invalid date', where('placedAt', 'Before', 'someday'), /placedAt/],
  ])('refuses %s in a list with a ValidationError naming it', async (_name, filter, message) => {
    const { client, dataSource } = await makeShopDataSource();
    client.resetCalls();

    await expect(
      dataSource.getCollection('orders').list(caller, filter, new Projection('total')),
    ).rejects.toMatchObject({
      kinds: expect.arrayContaining(['ValidationError']),
      message: expect.stringMatching(message),
    });
    expect(client.calls.aggregate).toEqual([]);
  });

  test('refuses an invalid ObjectId on create, writing nothing', async () => {
    const { client, dataSource } = await makeShopDataSource();

    await expect(
      dataSource.getCollection('orders').create(caller, [{ customerId: '123', total: 1 }]),
    ).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining(`Invalid ObjectId "123" for 'customerId' of 'orders'`),
    });
    expect(client.documents('orders')).toHaveLength(3);
  });

  test.each([
    ['an unknown field', { colour: 'red' }, /colour/],
    ['a type mismatch', { total: 'twelve' }, /total/],
  ])('refuses %s in an update, changing nothing', async (_name, patch, message) => {
    const { client, dataSource } = await makeShopDataSource();

    await expect(dataSource.getCollection('orders').update(caller, new Filter(), patch)).rejects.toMatchObject({
      kinds: expect.arrayContaining(['ValidationError']),
      message: expect.stringMatching(message),
    });
    expect(client.calls.updateMany).toBe(0);
  });

  test('refuses to change _id in an update, changing nothing', async () => {
    const { client, dataSource } = await makeShopDataSource();

    await expect(
      dataSource.getCollection('orders').update(caller, new Filter(), { _id: '65b0000000000000000000ff' }),
    ).rejects.toMatchObject({ name: 'ValidationError', message: expect.stringContaining("Cannot update '_id'") });
    expect(client.calls.updateMany).toBe(0);
  });

  test('refuses a date group in an unknown time zone', async () => {
    const { dataSource } = await makeShopDataSource();
    const aggregation = new Aggregation({ operation: 'Count', groups: [{ field: 'placedAt', operation: 'Day' }] });

    await expect(
      dataSource.getCollection('orders').aggregate(makeCaller({ timezone: 'Mars/Olympus' }), new Filter(), aggregation),
    ).rejects.toMatchObject({ name: 'ValidationError', message: expect.stringContaining('Mars/Olympus') });
  });

  test('refuses reading a to-many relation in a list', async () => {
    const { dataSource } = await makeShopDataSource();

    await expect(
      dataSource.getCollection('customers').list(caller, new PaginatedFilter(), new Projection('orders:total')),
    ).rejects.toMatchObject({ name: expect.stringMatching(/ValidationError$/) });
  });
});
