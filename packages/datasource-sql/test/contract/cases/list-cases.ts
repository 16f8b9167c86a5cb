import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
} from '@platform/datasource-toolkit';
import { fixtureRows } from '../../fixtures';
import { type ContractEnv, ids, makeCaller, oneToOneOf, relationOf } from '../contract-env';

/** Lists: projection, to-one relations in one query, sorting, paging, composite keys, views. */
export function describeList(env: () => ContractEnv): void {
  const caller = makeCaller();
  const books = () => env().dataSource.getCollection('books');

  test('returns only the projected columns, converted to API values', async () => {
    const [book] = await books().list(
      caller,
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) }),
      new Projection(
        'id',
        'title',
        'price',
        'view_count',
        'is_published',
        'published_on',
        'created_at',
        'metadata',
        'status',
      ),
    );

    expect(book).toEqual({
      id: 1,
      title: 'Notes on the Analytical Engine',
      price: 6.37,
      view_count: 1001,
      is_published: true,
      published_on: '2011-02-02',
      created_at: new Date('2024-01-04T09:01:00.000Z'),
      metadata: { language: 'en', edition: 2, awards: 1 },
      status: 'published',
    });
  });

  test('nests to-one relation fields and returns null when the relation is absent', async () => {
    const publisher = relationOf(books(), 'publisher_id');
    const author = relationOf(books(), 'author_id');

    const records = await books().list(
      caller,
      new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('id', 'In', [1, 5]),
        sort: new Sort({ field: 'id', ascending: true }),
      }),
      new Projection('id', `${author}:last_name`, `${publisher}:name`, `${publisher}:country`),
    );

    expect(records).toEqual([
      { id: 1, [author]: { last_name: 'Lovelace' }, [publisher]: { name: 'Penguin Random House', country: 'US' } },
      { id: 5, [author]: { last_name: 'Duras' }, [publisher]: null },
    ]);
  });

  test('reads relations of relations and one-to-one relations', async () => {
    const details = env().dataSource.getCollection('book_details');
    const book = relationOf(details, 'book_id');
    const author = relationOf(books(), 'author_id');
    const detailsRelation = oneToOneOf(books(), 'book_details');

    const [detail] = await details.list(
      caller,
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('book_id', 'Equal', 3) }),
      new Projection('id', `${book}:title`, `${book}:${author}:first_name`),
    );
    const withDetails = await books().list(
      caller,
      new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('id', 'In', [2, 3]),
        sort: new Sort({ field: 'id', ascending: true }),
      }),
      new Projection('id', `${detailsRelation}:summary`),
    );

    expect(detail).toEqual({ id: 2, [book]: { title: 'Mrs Dalloway', [author]: { first_name: 'Virginia' } } });
    expect(withDetails).toEqual([
      { id: 2, [detailsRelation]: null },
      { id: 3, [detailsRelation]: { summary: 'A summary of Mrs Dalloway.' } },
    ]);
  });

  test('runs one statement for a page with several relations (no query per record)', async () => {
    const author = relationOf(books(), 'author_id');
    const publisher = relationOf(books(), 'publisher_id');
    const editor = relationOf(books(), 'editor_id');
    env().statements.length = 0;

    const records = await books().list(
      caller,
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf(`${author}:is_active`, 'Equal', true) }),
      new Projection('id', `${author}:last_name`, `${publisher}:name`, `${editor}:last_name`),
    );

    expect(records.length).toBeGreaterThan(10);
    expect(env().statements).toHaveLength(1);
  });

  test('sorts by a column, descending, with nulls last and the primary key breaking ties', async () => {
    const records = await books().list(
      caller,
      new PaginatedFilter({ sort: new Sort({ field: 'price', ascending: false }) }),
      new Projection('id', 'price'),
    );

    const prices = records.map((record) => record.price);
    expect(prices.slice(-3)).toEqual([null, null, null]);
    const present = prices.filter((price): price is number => price !== null);
    expect(present).toEqual([...present].sort((a, b) => b - a));
    expect(ids(records.filter((record) => record.price === null))).toEqual([8, 16, 24]);
  });

  test('sorts ascending with nulls first', async () => {
    const records = await books().list(
      caller,
      new PaginatedFilter({ sort: new Sort({ field: 'price', ascending: true }) }),
      new Projection('id', 'price'),
    );

    expect(records.slice(0, 3).map((record) => record.price)).toEqual([null, null, null]);
  });

  test('sorts by a relation field, then by primary key', async () => {
    const author = relationOf(books(), 'author_id');

    const records = await books().list(
      caller,
      new PaginatedFilter({ sort: new Sort({ field: `${author}:last_name`, ascending: true }) }),
      new Projection('id', `${author}:last_name`),
    );

    const expected = fixtureRows()
      .books.map((book) => ({ id: book.id as number, last: lastNameOf(book.author_id as number) }))
      .sort((a, b) => (a.last === b.last ? a.id - b.id : a.last < b.last ? -1 : 1));
    expect(ids(records)).toEqual(expected.map((book) => book.id));
  });

  test('pages with limit and offset over a stable order', async () => {
    const sort = new Sort({ field: 'status', ascending: true });
    const all = await books().list(caller, new PaginatedFilter({ sort }), new Projection('id'));

    const second = await books().list(
      caller,
      new PaginatedFilter({ sort, page: new Page(5, 5) }),
      new Projection('id'),
    );
    const rest = await books().list(caller, new PaginatedFilter({ sort, page: new Page(20) }), new Projection('id'));

    expect(ids(second)).toEqual(ids(all).slice(5, 10));
    expect(ids(rest)).toEqual(ids(all).slice(20));
  });

  test('reads a table with a composite primary key, filtered on both keys', async () => {
    const editions = env().dataSource.getCollection('book_editions');

    const records = await editions.list(
      caller,
      new PaginatedFilter({
        conditionTree: ConditionTreeFactory.intersect(
          new ConditionTreeLeaf('book_id', 'Equal', 1),
          new ConditionTreeLeaf('edition_number', 'Equal', 2),
        ),
      }),
      new Projection('book_id', 'edition_number', 'format', 'released_on'),
    );

    expect(records).toEqual([{ book_id: 1, edition_number: 2, format: 'paperback', released_on: '2017-02-15' }]);
  });

  test('reads a column of an unmapped type as text, filterable against null only', async () => {
    const documents = env().dataSource.getCollection('documents');

    const records = await documents.list(
      caller,
      new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('fingerprint', 'Present'),
        sort: new Sort({ field: 'id', ascending: true }),
      }),
      new Projection('id', 'fingerprint'),
    );

    expect(ids(records)).toEqual([1, 3]);
    expect(records.map((record) => typeof record.fingerprint)).toEqual(['string', 'string']);
  });

  test('reads a view', async () => {
    const view = env().dataSource.getCollection('published_books');

    const records = await view.list(
      caller,
      new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: true }) }),
      new Projection('id', 'title'),
    );

    expect(ids(records)).toEqual([1, 4, 7, 10, 13, 16, 19, 22]);
  });
}

function lastNameOf(authorId: number): string {
  return fixtureRows().authors.find((author) => author.id === authorId)?.last_name as string;
}
