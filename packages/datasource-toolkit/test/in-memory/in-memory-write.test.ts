import {
  ConditionTreeLeaf,
  createInMemoryDataSource,
  Filter,
  PaginatedFilter,
  Projection,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryDataSource } from '@platform/datasource-toolkit/testing';

const caller = makeCaller();
const all = new PaginatedFilter({ sort: Sort.fromString('id') });
const byId = (id: number) => new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', id) });

/** One published book in a collection with an enum that has a default and a JSON column. */
const makeDrafts = () =>
  createInMemoryDataSource(
    {
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
          title: { type: 'Column', columnType: 'String' },
          status: { type: 'Column', columnType: 'Enum', enumValues: ['Draft', 'Published'], defaultValue: 'Draft' },
          metadata: { type: 'Column', columnType: 'Json' },
        },
      },
    },
    { books: [{ id: 1, title: 'Dune', status: 'Published' }] },
  ).getCollection('books');

describe('in-memory create', () => {
  test('returns the created records with generated ids and defaults', async () => {
    const books = makeDrafts();

    const created = await books.create(caller, [{ title: 'Solaris' }, { title: 'Ubik', status: 'Published' }]);

    expect(created).toEqual([
      { id: 2, title: 'Solaris', status: 'Draft', metadata: null },
      { id: 3, title: 'Ubik', status: 'Published', metadata: null },
    ]);
    expect(await books.list(caller, all, new Projection('id'))).toHaveLength(3);
  });

  test('stores copies: changing the input afterwards changes nothing', async () => {
    const books = makeDrafts();
    const record = { title: 'Solaris', metadata: { pages: 200 } };

    await books.create(caller, [record]);
    record.metadata.pages = 1;

    const [stored] = await books.list(
      caller,
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 2) }),
      new Projection('metadata'),
    );
    expect(stored).toEqual({ metadata: { pages: 200 } });
  });

  test('keeps a given id and continues numbering after it', async () => {
    const authors = makeLibraryDataSource().getCollection('books');

    await authors.create(caller, [{ id: 10, title: 'A' }]);
    const [next] = await authors.create(caller, [{ title: 'B' }]);

    expect(next?.id).toBe(11);
  });

  test('refuses a duplicate primary key with a ConflictError and stores nothing', async () => {
    const books = makeLibraryDataSource().getCollection('books');

    await expect(books.create(caller, [{ title: 'New' }, { id: 1, title: 'Clash' }])).rejects.toMatchObject({
      name: 'ConflictError',
      message: expect.stringContaining("id '1'"),
    });
    expect(await books.list(caller, all, new Projection('id'))).toHaveLength(3);
  });

  test('refuses an invalid record with a ValidationError', async () => {
    const books = makeLibraryDataSource().getCollection('books');

    await expect(books.create(caller, [{ title: 'Ok' }, { title: 3 }])).rejects.toMatchObject({
      name: 'ValidationError',
    });
    expect(await books.list(caller, all, new Projection('id'))).toHaveLength(3);
  });

  test('refuses a missing required field', async () => {
    const books = makeLibraryDataSource().getCollection('books');

    await expect(books.create(caller, [{ price: 3 }])).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('title'),
    });
  });

  test('refuses nested relation records', async () => {
    const books = makeLibraryDataSource().getCollection('books');

    await expect(books.create(caller, [{ title: 'X', author: { name: 'Y' } }])).rejects.toMatchObject({
      name: 'UnprocessableError',
      message: expect.stringContaining('author'),
    });
  });

  test('refuses a record without its non-generated primary key', async () => {
    const bookTags = makeLibraryDataSource().getCollection('bookTags');

    await expect(bookTags.create(caller, [{ bookId: 3 }])).rejects.toMatchObject({ name: 'ValidationError' });
  });
});

describe('in-memory update', () => {
  test('patches the records the filter matches', async () => {
    const books = makeLibraryDataSource().getCollection('books');

    await books.update(
      caller,
      new Filter({ conditionTree: new ConditionTreeLeaf('author:name', 'Contains', 'Herbert') }),
      { price: 20 },
    );

    expect(await books.list(caller, all, new Projection('id', 'price'))).toEqual([
      { id: 1, price: 20 },
      { id: 2, price: 8 },
      { id: 3, price: 20 },
    ]);
  });

  test('patches every record with an empty filter', async () => {
    const books = makeLibraryDataSource().getCollection('books');

    await books.update(caller, new Filter(), { price: 1 });

    const prices = (await books.list(caller, all, new Projection('price'))).map((record) => record.price);
    expect(prices).toEqual([1, 1, 1]);
  });

  test('refuses an invalid patch with a ValidationError', async () => {
    const books = makeDrafts();

    await expect(books.update(caller, byId(1), { status: 'Lost' })).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('Draft, Published'),
    });
  });

  test('refuses a read-only field', async () => {
    const dataSource = createInMemoryDataSource(
      {
        logs: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            at: { type: 'Column', columnType: 'Date', isReadOnly: true },
          },
        },
      },
      { logs: [{ id: 1, at: '2026-01-01T00:00:00Z' }] },
    );

    await expect(dataSource.getCollection('logs').update(caller, byId(1), { at: null })).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining("'logs.at' is read-only"),
    });
  });

  test('refuses a primary key change that collides, changing nothing', async () => {
    const authors = makeLibraryDataSource().getCollection('authors');

    await expect(authors.update(caller, new Filter(), { id: 7 })).rejects.toMatchObject({ name: 'ConflictError' });
    expect(await authors.list(caller, new PaginatedFilter(), new Projection('id'))).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('in-memory delete', () => {
  test('removes the records the filter matches', async () => {
    const books = makeLibraryDataSource().getCollection('books');

    await books.delete(caller, new Filter({ conditionTree: new ConditionTreeLeaf('publishedAt', 'Missing') }));

    expect(await books.list(caller, all, new Projection('id'))).toEqual([{ id: 1 }]);
  });

  test('removes nothing when nothing matches', async () => {
    const books = makeLibraryDataSource().getCollection('books');

    await books.delete(caller, byId(99));

    expect(await books.list(caller, all, new Projection('id'))).toHaveLength(3);
  });

  test('refuses an invalid filter', async () => {
    const books = makeLibraryDataSource().getCollection('books');

    await expect(
      books.delete(caller, new Filter({ conditionTree: new ConditionTreeLeaf('nope', 'Present') })),
    ).rejects.toMatchObject({
      name: 'MissingFieldError',
    });
  });
});
