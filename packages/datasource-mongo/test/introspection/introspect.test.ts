import { createMongoDataSource, type MongoDataSource } from '@platform/datasource-mongo';
import { isErrorOfKind, PaginatedFilter, Projection, Sort } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { ADA, makeShopDataSource, makeShopDocuments } from '../factories/shop-documents';
import { MingoClient } from '../mingo/mingo-client';

const fieldsOf = (dataSource: MongoDataSource, name: string) => dataSource.getCollection(name).schema.fields;

describe('introspection by sampling', () => {
  test('types nested objects as nested column types and arrays as arrays of their item type', async () => {
    const { dataSource } = await makeShopDataSource();

    const customers = fieldsOf(dataSource, 'customers');
    const orders = fieldsOf(dataSource, 'orders');

    expect(customers.address).toMatchObject({ type: 'Column', columnType: { city: 'String', zip: 'String' } });
    expect(customers.tags).toMatchObject({ columnType: ['String'] });
    expect(orders.lines).toMatchObject({ columnType: [{ sku: 'String', qty: 'Number' }] });
    expect(orders.placedAt).toMatchObject({ columnType: 'Date' });
    expect(orders.total).toMatchObject({ columnType: 'Number' });
    expect(customers._id).toMatchObject({ columnType: 'String', isPrimaryKey: true });
  });

  test('turns an ObjectId field whose values exist in another collection into a ManyToOne and its inverse', async () => {
    const { dataSource } = await makeShopDataSource();

    expect(fieldsOf(dataSource, 'orders').customer).toEqual({
      type: 'ManyToOne',
      foreignCollection: 'customers',
      foreignKey: 'customerId',
      foreignKeyTarget: '_id',
    });
    expect(fieldsOf(dataSource, 'customers').orders).toEqual({
      type: 'OneToMany',
      foreignCollection: 'orders',
      originKey: 'customerId',
      originKeyTarget: '_id',
    });
  });

  test('does not turn an ObjectId field whose values exist nowhere into a relation', async () => {
    const { dataSource } = await makeShopDataSource();
    const notes = fieldsOf(dataSource, 'notes');
    expect(notes.refId).toMatchObject({ type: 'Column', columnType: 'String' });

    expect(Object.values(notes).filter((field) => field.type !== 'Column')).toEqual([]);
  });

  test('verifies references by looking the sampled values up, one aggregate per candidate collection', async () => {
    const { client } = await makeShopDataSource();

    const lookups = client.calls.aggregate.filter((pipeline) => JSON.stringify(pipeline).includes('"$count"'));
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups[0]).toEqual([{ $match: { _id: { $in: expect.any(Array) } } }, { $count: 'found' }]);
  });

  test('samples at most sampleSize documents per collection', async () => {
    const documents = makeShopDocuments({
      customers: [
        { _id: ADA, name: 'Ada' },
        { _id: ADA.toHexString().replace(/1$/, '3'), name: 'Lin', vatNumber: 'FR1' },
      ],
    });
    const wide = await makeShopDataSource({}, documents);
    expect(fieldsOf(wide.dataSource, 'customers').vatNumber).toBeDefined();

    const client = new MingoClient('shop', documents);
    const narrow = await createMongoDataSource(
      { uri: 'mongodb://unused/shop', sampleSize: 1 },
      { client },
    )(silentLogger);

    expect(fieldsOf(narrow as MongoDataSource, 'customers').vatNumber).toBeUndefined();
  });

  test('accepts its own result back, through JSON, without sampling again', async () => {
    const { dataSource } = await makeShopDataSource();
    const saved = JSON.parse(JSON.stringify(dataSource.introspection));
    const client = new MingoClient('shop', makeShopDocuments());

    const restored = (await createMongoDataSource('mongodb://unused/shop', { client, introspection: saved })(
      () => {},
    )) as MongoDataSource;

    expect(client.calls.find).toBe(0);
    expect(restored.getCollection('orders').schema.fields).toEqual(dataSource.getCollection('orders').schema.fields);
  });

  test('refuses an introspection that is not one, naming the bad path', () => {
    const build = () =>
      createMongoDataSource('mongodb://unused/shop', {
        client: new MingoClient(),
        introspection: {
          version: 1,
          collections: [{ name: 'x', fields: { a: { kind: 'scalar', type: 'Text' } }, relations: {} }],
        },
      });

    expect(build).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('collections.0.fields.a') }),
    );
  });
});

describe('virtual collections of arrays of objects', () => {
  test('are absent unless asked for', async () => {
    const { dataSource } = await makeShopDataSource();

    expect(dataSource.collections.map((collection) => collection.name)).toEqual(['customers', 'notes', 'orders']);
  });

  test('list each array item with its parent id, under a ManyToOne to the parent', async () => {
    const { dataSource } = await makeShopDataSource({ virtualCollections: ['orders.lines'] });
    const lines = dataSource.getCollection('orders_lines');

    const records = await lines.list(
      makeCaller(),
      new PaginatedFilter({ sort: Sort.fromString('_id') }),
      new Projection('_id', 'sku', 'qty', 'parent:status'),
    );

    expect(records).toEqual([
      { _id: '65b000000000000000000001.0', sku: 'PEN', qty: 2, parent: { status: 'paid' } },
      { _id: '65b000000000000000000001.1', sku: 'INK', qty: 1, parent: { status: 'paid' } },
      { _id: '65b000000000000000000003.0', sku: 'BOOK', qty: 3, parent: { status: 'paid' } },
    ]);
    expect(fieldsOf(dataSource, 'orders').orders_lines).toMatchObject({
      type: 'OneToMany',
      foreignCollection: 'orders_lines',
    });
  });

  test('refuse writes: the parent document holds the items', async () => {
    const { dataSource } = await makeShopDataSource({ virtualCollections: true });

    const error = await dataSource
      .getCollection('orders_lines')
      .create(makeCaller(), [{ sku: 'X', qty: 1 }])
      .catch((caught: unknown) => caught);

    expect(isErrorOfKind(error, 'UnprocessableError')).toBe(true);
  });
});
