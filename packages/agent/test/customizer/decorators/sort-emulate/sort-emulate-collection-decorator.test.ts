import {
  ConditionTreeLeaf,
  Page,
  PaginatedFilter,
  Projection,
  type RecordData,
  Sort,
} from '@platform/datasource-toolkit';
import { createLibrary, makeCaller } from './sort-fixtures';

const caller = makeCaller();

function byTitle(records: RecordData[]) {
  return records.map((record) => record.title);
}

describe('SortEmulateCollectionDecorator', () => {
  describe('schema', () => {
    test('marks emulated and replaced fields sortable, disabled ones not', () => {
      const { books } = createLibrary();

      books.emulateFieldSorting('title');
      books.replaceFieldSorting('year', [{ field: 'id', ascending: true }]);
      books.disableFieldSorting('rating');

      expect(books.schema.fields.title).toMatchObject({ isSortable: true });
      expect(books.schema.fields.year).toMatchObject({ isSortable: true });
      expect(books.schema.fields.rating).toMatchObject({ isSortable: false });
    });
  });

  describe('emulateFieldSorting', () => {
    test('sorts and pages in memory, then reads the page by ids, in order', async () => {
      const { books, counting } = createLibrary();
      books.emulateFieldSorting('title');

      const records = await books.list(
        caller,
        new PaginatedFilter({ sort: Sort.fromString('title'), page: new Page(1, 2) }),
        new Projection('title'),
      );

      expect(records).toEqual([{ title: 'Excession' }, { title: 'Look to Windward' }]);
      const [, referenceFilter, referenceProjection] = counting.getCollection('books').call('list', 0).args as [
        unknown,
        PaginatedFilter,
        Projection,
      ];
      expect(referenceFilter.sort).toBeUndefined();
      expect(referenceFilter.page).toBeUndefined();
      expect([...referenceProjection]).toEqual(['id', 'title']);
      const [, pageFilter] = counting.getCollection('books').call('list', 1).args as [unknown, PaginatedFilter];
      expect(pageFilter.conditionTree?.toPlainObject()).toEqual({ field: 'id', operator: 'In', value: [2, 3] });
    });

    test('sorts descending, keeping the filter of the request', async () => {
      const { books } = createLibrary();
      books.emulateFieldSorting('title');

      const records = await books.list(
        caller,
        new PaginatedFilter({
          sort: Sort.fromString('-title'),
          conditionTree: new ConditionTreeLeaf('authorId', 'Equal', 1),
        }),
        new Projection('title'),
      );

      expect(byTitle(records)).toEqual(['The Dispossessed', 'Always Coming Home']);
    });

    test('sorts by native clauses in memory too when they follow an emulated one', async () => {
      const { books } = createLibrary();
      books.emulateFieldSorting('rating');

      const records = await books.list(
        caller,
        new PaginatedFilter({ sort: Sort.fromString('rating,-year') }),
        new Projection('title'),
      );

      expect(byTitle(records)).toEqual(['Always Coming Home', 'Look to Windward', 'Excession', 'The Dispossessed']);
    });

    test('reads once when the page is empty', async () => {
      const { books, counting } = createLibrary();
      books.emulateFieldSorting('title');

      const records = await books.list(
        caller,
        new PaginatedFilter({ sort: Sort.fromString('title'), page: new Page(10, 5) }),
        new Projection('title'),
      );

      expect(records).toEqual([]);
      expect(counting.getCollection('books').callsOf('list')).toHaveLength(1);
    });

    test('emulates sorts on fields of to-one relations', async () => {
      const { books, authors } = createLibrary();
      authors.emulateFieldSorting('name');

      const records = await books.list(
        caller,
        new PaginatedFilter({ sort: Sort.fromString('author:name,year') }),
        new Projection('title'),
      );

      expect(byTitle(records)).toEqual(['Excession', 'Look to Windward', 'The Dispossessed', 'Always Coming Home']);
    });

    test('passes native sorts to the child in one query', async () => {
      const { books, counting } = createLibrary();
      books.emulateFieldSorting('title');

      const records = await books.list(
        caller,
        new PaginatedFilter({ sort: Sort.fromString('-year') }),
        new Projection('year'),
      );

      expect(records.map((record) => record.year)).toEqual([2000, 1996, 1985, 1974]);
      expect(counting.getCollection('books').callsOf('list')).toHaveLength(1);
    });
  });

  describe('replaceFieldSorting', () => {
    test('rewrites the sort into the equivalent native clauses, inverted when descending', async () => {
      const { books, counting } = createLibrary();
      books.replaceFieldSorting(
        'title',
        new Sort({ field: 'rating', ascending: false }, { field: 'year', ascending: true }),
      );

      await books.list(caller, new PaginatedFilter({ sort: Sort.fromString('-title') }), new Projection('id'));

      const [, filter] = counting.getCollection('books').call('list').args as [unknown, PaginatedFilter];
      expect([...(filter.sort ?? [])]).toEqual([
        { field: 'rating', ascending: true },
        { field: 'year', ascending: false },
      ]);
    });

    test('follows replacements that use other replaced fields, and relations', async () => {
      const { books, authors, counting } = createLibrary();
      authors.replaceFieldSorting('name', [{ field: 'id', ascending: false }]);
      books.replaceFieldSorting('rating', [{ field: 'author:name', ascending: true }]);
      books.replaceFieldSorting('title', [{ field: 'rating', ascending: true }]);

      const records = await books.list(
        caller,
        new PaginatedFilter({ sort: Sort.fromString('title') }),
        new Projection('id'),
      );

      expect(records.map((record) => record.id)).toEqual([2, 3, 1, 4]);
      const [, filter] = counting.getCollection('books').call('list').args as [unknown, PaginatedFilter];
      expect([...(filter.sort ?? [])]).toEqual([{ field: 'author:id', ascending: false }]);
    });
  });

  describe('bad input', () => {
    test('refuses to sort by a disabled field, listing the sortable ones, without querying', async () => {
      const { books, counting } = createLibrary();
      books.disableFieldSorting('rating');

      await expect(
        books.list(caller, new PaginatedFilter({ sort: Sort.fromString('rating') }), new Projection('id')),
      ).rejects.toMatchObject({
        name: 'ValidationError',
        message: "Cannot sort 'books' by 'rating': it is not sortable. Sortable fields of 'books': id, year, authorId.",
      });
      expect(counting.getCollection('books').calls).toHaveLength(0);
    });

    test('refuses to sort by an unknown field', async () => {
      const { books } = createLibrary();

      await expect(
        books.list(caller, new PaginatedFilter({ sort: Sort.fromString('pages') }), new Projection('id')),
      ).rejects.toMatchObject({ name: 'MissingFieldError', message: expect.stringContaining("Unknown field 'pages'") });
    });

    test.each([
      ['emulateFieldSorting', (books: ReturnType<typeof createLibrary>['books']) => books.emulateFieldSorting('pages')],
      ['disableFieldSorting', (books: ReturnType<typeof createLibrary>['books']) => books.disableFieldSorting('pages')],
      [
        'replaceFieldSorting',
        (books: ReturnType<typeof createLibrary>['books']) =>
          books.replaceFieldSorting('pages', [{ field: 'id', ascending: true }]),
      ],
    ])('%s refuses an unknown field, listing the fields', (_method, register) => {
      const { books } = createLibrary();

      expect(() => register(books)).toThrow(
        expect.objectContaining({
          name: 'MissingFieldError',
          message: "Unknown field 'pages' in 'books'. Fields: id, title, year, rating, authorId, author.",
        }),
      );
    });

    test('refuses a relation as the sorted field', () => {
      const { books } = createLibrary();

      expect(() => books.emulateFieldSorting('author')).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining('is a ManyToOne relation, not a column'),
        }),
      );
    });

    test.each([
      ['an empty list', []],
      ['a clause without direction', [{ field: 'id' }]],
      ['a string', 'id'],
    ])('replaceFieldSorting refuses %s', (_case, equivalent) => {
      const { books } = createLibrary();

      expect(() => books.replaceFieldSorting('title', equivalent as never)).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining('expected a non-empty list of { field, ascending }'),
        }),
      );
    });

    test('replaceFieldSorting refuses an unknown field in the equivalent sort', () => {
      const { books } = createLibrary();

      expect(() => books.replaceFieldSorting('title', [{ field: 'author:birthYear', ascending: true }])).toThrow(
        expect.objectContaining({
          name: 'MissingFieldError',
          message: expect.stringContaining("Unknown field 'birthYear' in 'authors'"),
        }),
      );
    });

    test('replaceFieldSorting refuses replacements that form a cycle, and keeps the previous ones', async () => {
      const { books } = createLibrary();
      books.replaceFieldSorting('title', [{ field: 'rating', ascending: true }]);

      expect(() => books.replaceFieldSorting('rating', [{ field: 'title', ascending: false }])).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: "Sort replacements of 'books' form a cycle: rating -> title -> rating.",
        }),
      );
      const records = await books.list(
        caller,
        new PaginatedFilter({ sort: Sort.fromString('title') }),
        new Projection('id'),
      );
      expect(records.map((record) => record.id)).toEqual([4, 2, 3, 1]);
    });

    test('refuses to emulate a sort on a collection without primary key', async () => {
      const { notes } = createLibrary();
      notes.emulateFieldSorting('text');

      await expect(
        notes.list(caller, new PaginatedFilter({ sort: Sort.fromString('text') }), new Projection('text')),
      ).rejects.toMatchObject({ name: 'UnprocessableError', message: expect.stringContaining('has no primary key') });
    });
  });
});
