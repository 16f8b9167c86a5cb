import { PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryDataSource, makeLibraryRecords } from '@platform/datasource-toolkit/testing';

const listAll = (records: ReturnType<typeof makeLibraryRecords>, collection: string, ...fields: string[]) =>
  makeLibraryDataSource(records)
    .getCollection(collection)
    .list(makeCaller(), new PaginatedFilter(), new Projection(...fields));

describe('makeLibraryRecords', () => {
  test('links every author to a book and every book to an author by default', async () => {
    const books = await listAll(makeLibraryRecords(), 'books', 'id', 'authorId');

    expect(books).toEqual([
      { id: 1, authorId: 1 },
      { id: 2, authorId: 2 },
      { id: 3, authorId: 1 },
    ]);
    expect(await listAll(makeLibraryRecords(), 'authors', 'id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  test('withOrphans adds an author without books and a book without author', async () => {
    const records = makeLibraryRecords({ withOrphans: true });

    const authors = await listAll(records, 'authors', 'id', 'name');
    const books = await listAll(records, 'books', 'id', 'authorId', 'author:name');

    expect(authors).toEqual([
      { id: 1, name: 'Frank Herbert' },
      { id: 2, name: 'Ursula Le Guin' },
      { id: 3, name: 'Octavia Butler' },
    ]);
    expect(books.filter((book) => book.authorId === 3)).toEqual([]);
    expect(books.at(-1)).toEqual({ id: 4, authorId: null, author: null });
  });
});
