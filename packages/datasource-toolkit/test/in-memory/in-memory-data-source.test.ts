import { Aggregation, ConditionTreeLeaf, createInMemoryDataSource, Filter } from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryDataSource } from '@platform/datasource-toolkit/testing';

const caller = makeCaller();

describe('createInMemoryDataSource', () => {
  test('lists its collections and defaults their schema', () => {
    const dataSource = makeLibraryDataSource();

    expect(dataSource.collections.map((collection) => collection.name)).toEqual([
      'authors',
      'books',
      'covers',
      'reviews',
      'tags',
      'bookTags',
      'events',
    ]);
    const { schema } = dataSource.getCollection('books');
    expect(schema).toMatchObject({
      actions: {},
      segments: ['Classics', 'live', 'drafts'],
      charts: [],
      countable: true,
      searchable: true,
    });
  });

  test('gives every column the operators of its type by default', () => {
    const { schema } = makeLibraryDataSource().getCollection('books');

    const price = schema.fields.price;
    expect(price?.type === 'Column' && [...price.filterOperators]).toEqual(
      expect.arrayContaining(['GreaterThan', 'In']),
    );
  });

  test('keeps filter operators given in the definition', () => {
    const dataSource = createInMemoryDataSource({
      notes: { fields: { text: { type: 'Column', columnType: 'String', filterOperators: new Set(['Equal']) } } },
    });

    const text = dataSource.getCollection('notes').schema.fields.text;
    expect(text?.type === 'Column' && [...text.filterOperators]).toEqual(['Equal']);
  });

  test('copies seed records', async () => {
    const seed = { id: 1, name: 'Herbert' };
    const dataSource = makeLibraryDataSource({ authors: [seed] });
    seed.name = 'Changed';

    const result = await dataSource
      .getCollection('authors')
      .aggregate(
        caller,
        new Filter({ conditionTree: new ConditionTreeLeaf('name', 'Equal', 'Herbert') }),
        new Aggregation({ operation: 'Count' }),
      );

    expect(result).toEqual([{ value: 1, group: {} }]);
  });

  test('refuses a relation to an undefined collection', () => {
    expect(() =>
      createInMemoryDataSource({
        books: {
          fields: {
            author: { type: 'ManyToOne', foreignCollection: 'writers', foreignKey: 'a', foreignKeyTarget: 'id' },
          },
        },
      }),
    ).toThrow(expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("'writers'") }));
  });

  test('refuses seeds of an unknown collection with a NotFoundError', () => {
    expect(() => makeLibraryDataSource({ movies: [{ id: 1 }] })).toThrow(
      expect.objectContaining({
        name: 'NotFoundError',
        message: expect.stringContaining('Collections: authors, books'),
      }),
    );
  });

  test('refuses seeds with unknown fields or wrong types', () => {
    expect(() => makeLibraryDataSource({ authors: [{ id: 1, age: 3 }] })).toThrow(
      expect.objectContaining({ name: 'MissingFieldError' }),
    );
    expect(() => makeLibraryDataSource({ authors: [{ id: 'one' }] })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('expected Number') }),
    );
  });

  test('getCollection throws a NotFoundError listing the collections', () => {
    expect(() => makeLibraryDataSource().getCollection('movies')).toThrow(
      expect.objectContaining({ name: 'NotFoundError', message: expect.stringContaining('authors, books, covers') }),
    );
  });

  test('has no native query connection, chart, or action', async () => {
    const dataSource = makeLibraryDataSource();
    const books = dataSource.getCollection('books');

    expect(dataSource.nativeQueryConnections).toEqual([]);
    await expect(dataSource.executeNativeQuery('main', 'select 1')).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(dataSource.renderChart(caller, 'sales')).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(books.renderChart(caller, 'sales', [1])).rejects.toMatchObject({
      name: 'NotFoundError',
      message: expect.stringContaining("Chart 'sales'"),
    });
    await expect(books.execute(caller, 'Publish', {})).rejects.toMatchObject({
      name: 'NotFoundError',
      message: expect.stringContaining("Action 'Publish'"),
    });
    await expect(books.getForm(caller, 'Publish')).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  test('close can be called twice', async () => {
    const dataSource = makeLibraryDataSource();

    await dataSource.close();
    await expect(dataSource.close()).resolves.toBeUndefined();
  });
});
