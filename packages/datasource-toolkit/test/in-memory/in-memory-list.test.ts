import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  createInMemoryDataSource,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryDataSource } from '@platform/datasource-toolkit/testing';

const caller = makeCaller();
const books = () => makeLibraryDataSource().getCollection('books');
const list = (filter: ConstructorParameters<typeof PaginatedFilter>[0], ...paths: string[]) =>
  books().list(caller, new PaginatedFilter(filter), new Projection(...(paths.length ? paths : ['id'])));

describe('in-memory list', () => {
  test('returns only the projected fields', async () => {
    const records = await list({}, 'id', 'price');

    expect(records).toEqual([
      { id: 1, price: 10 },
      { id: 2, price: 8 },
      { id: 3, price: 12 },
    ]);
  });

  test('returns columns that were not seeded as null', async () => {
    const dataSource = makeLibraryDataSource({ books: [{ id: 1, title: 'Dune' }] });

    const records = await dataSource.getCollection('books').list(caller, new PaginatedFilter(), new Projection('isbn'));

    expect(records).toEqual([{ isbn: null }]);
  });

  test('projects fields of many-to-one and one-to-one relations, null when absent', async () => {
    const records = await list({}, 'title', 'author:name', 'cover:url');

    expect(records).toEqual([
      { title: 'Dune', author: { name: 'Frank Herbert' }, cover: { url: 'https://covers.example/dune.png' } },
      { title: 'The Dispossessed', author: { name: 'Ursula Le Guin' }, cover: null },
      { title: 'Children of Dune', author: { name: 'Frank Herbert' }, cover: null },
    ]);
  });

  test('projects fields of a relation of a relation', async () => {
    const pk = { type: 'Column', columnType: 'Number', isPrimaryKey: true } as const;
    const number = { type: 'Column', columnType: 'Number' } as const;
    const covers = createInMemoryDataSource(
      {
        covers: {
          fields: {
            id: pk,
            bookId: number,
            book: { type: 'ManyToOne', foreignCollection: 'books', foreignKey: 'bookId', foreignKeyTarget: 'id' },
          },
        },
        books: {
          fields: {
            id: pk,
            authorId: number,
            author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' },
          },
        },
        authors: { fields: { id: pk, name: { type: 'Column', columnType: 'String' } } },
      },
      {
        covers: [
          { id: 1, bookId: 1 },
          { id: 2, bookId: null },
        ],
        books: [{ id: 1, authorId: 1 }],
        authors: [{ id: 1, name: 'Frank Herbert' }],
      },
    ).getCollection('covers');

    const records = await covers.list(caller, new PaginatedFilter(), new Projection('id', 'book:author:name'));

    expect(records).toEqual([
      { id: 1, book: { author: { name: 'Frank Herbert' } } },
      { id: 2, book: null },
    ]);
  });

  test('filters with a condition tree', async () => {
    const records = await list({ conditionTree: new ConditionTreeLeaf('price', 'GreaterThan', 9) });

    expect(records).toEqual([{ id: 1 }, { id: 3 }]);
  });

  test('filters through relations', async () => {
    const conditionTree = ConditionTreeFactory.fromPlainObject({
      aggregator: 'Or',
      conditions: [
        { field: 'author:name', operator: 'StartsWith', value: 'Ursula' },
        { field: 'cover:url', operator: 'Contains', value: 'dune' },
      ],
    });

    expect(await list({ conditionTree })).toEqual([{ id: 1 }, { id: 2 }]);
  });

  test('searches String columns case-insensitively', async () => {
    expect(await list({ search: 'DUNE' })).toEqual([{ id: 1 }, { id: 3 }]);
  });

  test('extended search also reads to-one relations', async () => {
    expect(await list({ search: 'le guin' })).toEqual([]);
    expect(await list({ search: 'le guin', searchExtended: true })).toEqual([{ id: 2 }]);
  });

  test('an empty search matches everything', async () => {
    expect(await list({ search: '  ' })).toHaveLength(3);
  });

  test('sorts, including by relation fields, then pages', async () => {
    expect(await list({ sort: Sort.fromString('-author:name,id') })).toEqual([{ id: 2 }, { id: 1 }, { id: 3 }]);
    expect(await list({ sort: Sort.fromString('-id'), page: new Page(1, 1) })).toEqual([{ id: 2 }]);
  });

  test('returns copies: changing a result does not change the store', async () => {
    const collection = createInMemoryDataSource(
      {
        books: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            metadata: { type: 'Column', columnType: 'Json' },
          },
        },
      },
      { books: [{ id: 1, metadata: { pages: 412 } }] },
    ).getCollection('books');
    const [first] = await collection.list(caller, new PaginatedFilter(), new Projection('metadata'));
    (first?.metadata as { pages: number }).pages = 1;

    const [again] = await collection.list(caller, new PaginatedFilter(), new Projection('metadata'));

    expect(again).toEqual({ metadata: { pages: 412 } });
  });

  test('refuses an unknown projected field with a MissingFieldError', async () => {
    await expect(list({}, 'nope')).rejects.toMatchObject({ name: 'MissingFieldError' });
  });

  test('refuses an invalid condition with a ValidationError', async () => {
    await expect(list({ conditionTree: new ConditionTreeLeaf('price', 'Contains', 'x') })).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('Allowed operators'),
    });
  });

  test('refuses an unknown sort field with a MissingFieldError', async () => {
    await expect(list({ sort: Sort.fromString('nope') })).rejects.toMatchObject({ name: 'MissingFieldError' });
  });

  test('refuses a search on a collection that is not searchable', async () => {
    const events = makeLibraryDataSource().getCollection('events');

    await expect(
      events.list(caller, new PaginatedFilter({ search: 'created' }), new Projection('kind')),
    ).rejects.toMatchObject({ name: 'UnprocessableError' });
  });

  test('refuses an unknown segment with a NotFoundError listing the segments', async () => {
    await expect(list({ segment: 'Lost' })).rejects.toMatchObject({
      name: 'NotFoundError',
      message: expect.stringContaining('Segments: Classics'),
    });
  });

  test('refuses a declared segment it cannot resolve', async () => {
    await expect(list({ segment: 'Classics' })).rejects.toMatchObject({ name: 'UnprocessableError' });
  });
});
