import { makeShopDataSource } from './factories/shop-documents';

describe('MongoDataSource', () => {
  test('leaves an injected client open on close: it is the caller’s', async () => {
    const { client, dataSource } = await makeShopDataSource();

    await dataSource.close();

    expect(client.closeCount).toBe(0);
  });

  test('names the collections that exist when asked for one that does not', async () => {
    const { dataSource } = await makeShopDataSource();

    expect(() => dataSource.getCollection('invoices')).toThrow(
      expect.objectContaining({ name: 'NotFoundError', message: expect.stringContaining('customers, notes, orders') }),
    );
  });
});
