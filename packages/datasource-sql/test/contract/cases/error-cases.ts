import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  isErrorOfKind,
  PaginatedFilter,
  type PlainConditionTreeLeaf,
  Projection,
  Sort,
  unpackId,
} from '@platform/datasource-toolkit';
import { createSqlDataSource } from '../../../src';
import { type ContractEnv, makeCaller } from '../contract-env';

const INJECTION = "'; DROP TABLE books; --";

/** Bad input is refused before any SQL is sent; injection attempts are inert. */
export function describeErrors(env: () => ContractEnv): void {
  const caller = makeCaller();
  const books = () => env().dataSource.getCollection('books');
  // Leafs are built directly, not parsed, so that the collection's own validation is what refuses them.
  const listWhere = ({ field, operator, value }: PlainConditionTreeLeaf, projection = new Projection('id')) =>
    books().list(
      caller,
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf(field, operator, value) }),
      projection,
    );

  async function expectRefusedBeforeSql(action: () => Promise<unknown>, name: string, message?: RegExp) {
    env().statements.length = 0;

    const error = await action().catch((caught: unknown) => caught);

    expect(isErrorOfKind(error, name)).toBe(true);
    expect(isErrorOfKind(error, 'ValidationError')).toBe(true);
    if (message) expect((error as Error).message).toMatch(message);
    expect(env().statements).toEqual([]);
  }

  async function expectBooksIntact() {
    expect(await books().list(caller, new PaginatedFilter({}), new Projection('id'))).toHaveLength(24);
  }

  test.each([
    ['an unknown field', { field: 'nope', operator: 'Equal', value: 1 }, 'MissingFieldError', /Unknown field 'nope'/],
    [
      'an unknown relation field',
      { field: 'author:nope', operator: 'Equal', value: 1 },
      'ValidationError',
      /nope|author/,
    ],
    [
      'an operator the column does not support',
      { field: 'price', operator: 'Contains', value: '1' },
      'ValidationError',
      /Contains/,
    ],
    ['a value of the wrong type', { field: 'price', operator: 'Equal', value: 'cheap' }, 'ValidationError', /price/],
    [
      'an enum value that does not exist',
      { field: 'status', operator: 'Equal', value: 'lost' },
      'ValidationError',
      /lost/,
    ],
    [
      'a date that does not parse',
      { field: 'created_at', operator: 'After', value: 'yesterday' },
      'ValidationError',
      /created_at/,
    ],
    ['a null value for Equal', { field: 'price', operator: 'Equal', value: null }, 'ValidationError', /Missing/],
    ['a list operator without a list', { field: 'id', operator: 'In', value: 3 }, 'ValidationError', /array/],
    [
      'an injection as field name',
      { field: INJECTION, operator: 'Equal', value: 1 },
      'MissingFieldError',
      /Unknown field/,
    ],
  ] as const)('refuses a filter with %s', async (_label, tree, name, message) => {
    await expectRefusedBeforeSql(() => listWhere(tree as PlainConditionTreeLeaf), name, message);
  });

  test('refuses unknown projection and sort fields, injections included', async () => {
    await expectRefusedBeforeSql(
      () => books().list(caller, new PaginatedFilter({}), new Projection('nope')),
      'MissingFieldError',
    );
    await expectRefusedBeforeSql(
      () =>
        books().list(
          caller,
          new PaginatedFilter({ sort: new Sort({ field: INJECTION, ascending: true }) }),
          new Projection('id'),
        ),
      'MissingFieldError',
    );
    await expectRefusedBeforeSql(
      () => books().list(caller, new PaginatedFilter({}), new Projection(`${INJECTION}:title`)),
      'MissingFieldError',
    );
    await expectBooksIntact();
  });

  test('refuses bad aggregations', async () => {
    await expectRefusedBeforeSql(
      () => books().aggregate(caller, new Filter({}), new Aggregation({ operation: 'Sum', field: 'title' })),
      'ValidationError',
      /not a Number/,
    );
    await expectRefusedBeforeSql(
      () =>
        books().aggregate(
          caller,
          new Filter({}),
          new Aggregation({ operation: 'Count', groups: [{ field: 'title', operation: 'Month' }] }),
        ),
      'ValidationError',
      /not a date/,
    );
    await expectRefusedBeforeSql(
      () =>
        books().aggregate(
          makeCaller({ timezone: 'Mars/Olympus' }),
          new Filter({}),
          new Aggregation({ operation: 'Count', groups: [{ field: 'created_at', operation: 'Day' }] }),
        ),
      'ValidationError',
      /time zone/,
    );
    await expectRefusedBeforeSql(
      () =>
        books().aggregate(
          caller,
          new Filter({}),
          new Aggregation({ operation: 'Count', groups: [{ field: INJECTION }] }),
        ),
      'MissingFieldError',
    );
  });

  test('refuses a relative date filter in an unknown time zone', async () => {
    await expectRefusedBeforeSql(
      () =>
        books().list(
          makeCaller({ timezone: 'Mars/Olympus' }),
          new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('created_at', 'Today') }),
          new Projection('id'),
        ),
      'ValidationError',
      /time zone/,
    );
  });

  test('refuses ids that do not parse', () => {
    expect(() => unpackId(books().schema, 'abc', 'books')).toThrow(
      expect.objectContaining({ name: 'ValidationError' }),
    );
    const editions = env().dataSource.getCollection('book_editions');
    expect(() => unpackId(editions.schema, '1', 'book_editions')).toThrow(/expected 2 part/);
  });

  // A value that escaped its parameter would match every book, or none for NotIn, or fail.
  test.each([
    ['Equal', INJECTION, 0],
    ['Contains', INJECTION, 0],
    ['Like', `%${INJECTION}%`, 0],
    ['ILike', "%' OR '1'='1%", 0],
    ['In', [INJECTION, "1' OR '1'='1", 'Jazz'], 1],
    ['NotIn', [INJECTION, 'Jazz'], 23],
  ] as const)('treats an injection in a %s value as data', async (operator, value, expected) => {
    await expectBooksIntact();

    const result = await listWhere({ field: 'title', operator, value } as PlainConditionTreeLeaf);

    expect(result).toHaveLength(expected);
    await expectBooksIntact();
  });

  test('treats an injection in a search as data', async () => {
    await expectBooksIntact();

    const found = await books().list(
      caller,
      new PaginatedFilter({ search: INJECTION, searchExtended: true }),
      new Projection('id'),
    );

    expect(found).toEqual([]);
    await expectBooksIntact();
  });

  test('treats an injection in written values as data', async () => {
    const [created] = await env()
      .dataSource.getCollection('tags')
      .create(caller, [{ name: INJECTION }]);

    await env()
      .dataSource.getCollection('tags')
      .delete(caller, new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', created?.id) }));

    expect(created?.name).toBe(INJECTION);
    await expectBooksIntact();
  });

  test('a closed data source refuses queries with a DatabaseConnectionError, and closes twice', async () => {
    const dataSource = await createSqlDataSource(env().params, { primaryKeys: { published_books: ['id'] } })(
      () => undefined,
    );
    await dataSource.getCollection('tags').list(caller, new PaginatedFilter({}), new Projection('id'));

    await dataSource.close();
    await dataSource.close();

    await expect(
      dataSource.getCollection('tags').list(caller, new PaginatedFilter({}), new Projection('id')),
    ).rejects.toMatchObject({ name: 'DatabaseConnectionError' });
  });
}
