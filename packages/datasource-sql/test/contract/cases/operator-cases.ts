import {
  type ConditionTree,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  type Operator,
  PaginatedFilter,
  type PlainConditionTree,
  Projection,
} from '@platform/datasource-toolkit';
import { FIXTURE_TIME_ZONE } from '../../fixtures';
import { type ContractEnv, columnsOf, makeCaller, relationOf, sortedIds } from '../contract-env';

type Case = readonly [field: string, operator: Operator, value?: unknown];

// Every native operator, and the derived ones, on each column type of the fixture, with nulls. Each
// case matches some rows and not all of them, so that a filter that drops or keeps everything fails.
// Edges whose right answer is nothing or everything (empty lists, case-sensitive misses) have their
// own tests below, next to a case that does match.
const BOOK_CASES: readonly Case[] = [
  ['title', 'Equal', 'Beloved'],
  ['title', 'NotEqual', 'Beloved'],
  ['title', 'In', ['Beloved', 'Jazz', 'Not a title']],
  ['title', 'NotIn', ['Beloved', 'Jazz']],
  ['title', 'LessThan', 'M'],
  ['title', 'GreaterThanOrEqual', 'M'],
  ['title', 'Contains', 'the'],
  ['title', 'NotContains', 'the'],
  ['title', 'IContains', 'THE'],
  ['title', 'NotIContains', 'THE'],
  ['title', 'StartsWith', 'The'],
  ['title', 'IStartsWith', 'the'],
  ['title', 'EndsWith', 's'],
  ['title', 'IEndsWith', 'S'],
  ['title', 'Like', 'The %'],
  ['title', 'ILike', 'the %'],
  ['title', 'Like', '_he %'],
  ['title', 'Contains', '%'],
  ['title', 'Contains', '_'],
  ['title', 'LongerThan', 20],
  ['title', 'ShorterThan', 6],
  ['price', 'Equal', 22.81],
  ['price', 'NotEqual', 22.81],
  ['price', 'LessThan', 15],
  ['price', 'LessThanOrEqual', 22.81],
  ['price', 'GreaterThan', 15],
  ['price', 'GreaterThanOrEqual', 22.81],
  ['price', 'In', [22.81, null]],
  ['price', 'NotIn', [22.81]],
  ['price', 'NotIn', [22.81, null]],
  ['price', 'Missing'],
  ['price', 'Present'],
  ['price', 'Blank'],
  ['rating', 'GreaterThan', 3.5],
  ['rating', 'NotEqual', 2.4],
  ['view_count', 'GreaterThan', 12000],
  ['view_count', 'In', [1001, 2002, 3000]],
  ['page_count', 'LessThan', 200],
  ['status', 'Equal', 'published'],
  ['status', 'NotEqual', 'published'],
  ['status', 'In', ['draft', 'archived']],
  ['status', 'NotIn', ['draft']],
  ['is_published', 'Equal', true],
  ['is_published', 'NotEqual', true],
  ['is_published', 'In', [false]],
  ['published_on', 'Before', '2016-01-01'],
  ['published_on', 'After', '2016-01-01'],
  ['published_on', 'Equal', '2011-02-02'],
  ['published_on', 'NotEqual', '2011-02-02'],
  ['published_on', 'Missing'],
  ['published_on', 'Past'],
  ['published_on', 'Future'],
  ['published_on', 'PreviousYear'],
  ['published_on', 'Today'],
  ['created_at', 'Before', '2024-02-15T00:00:00.000Z'],
  ['created_at', 'After', '2024-02-15T10:00:00+02:00'],
  ['created_at', 'LessThanOrEqual', '2024-01-04T09:01:00.000Z'],
  ['created_at', 'Equal', '2024-01-04T09:01:00.000Z'],
  ['created_at', 'Past'],
  ['created_at', 'Future'],
  ['created_at', 'PreviousXDays', 30],
  ['created_at', 'PreviousXDaysToDate', 30],
  ['created_at', 'BeforeXHoursAgo', 24],
  ['created_at', 'Today'],
  ['created_at', 'PreviousYear'],
  ['metadata', 'Present'],
  ['metadata', 'Blank'],
  ['metadata', 'Missing'],
];

const AUTHOR_CASES: readonly Case[] = [
  ['external_id', 'Equal', '00000000-0000-4000-8000-000000000003'],
  ['external_id', 'In', ['00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000005']],
  ['external_id', 'NotEqual', '00000000-0000-4000-8000-000000000003'],
  ['writing_hour', 'LessThan', '09:00:00'],
  ['writing_hour', 'GreaterThanOrEqual', '09:00:00'],
  ['writing_hour', 'Missing'],
  ['writing_hour', 'Equal', '09:00'],
  ['birth_date', 'Before', '1900-01-01'],
  ['birth_date', 'Blank'],
  ['email', 'Blank'],
  ['email', 'Present'],
  ['email', 'EndsWith', '@example.com'],
  ['is_active', 'Equal', false],
];

/**
 * Operators: each SQL result equals the toolkit's in-memory evaluation of the same tree, and is a
 * non-empty, proper subset of the rows.
 */
export function describeOperators(env: () => ContractEnv): void {
  const caller = makeCaller({ timezone: FIXTURE_TIME_ZONE });
  const listWhere = (collectionName: string, tree: PlainConditionTree) =>
    env()
      .dataSource.getCollection(collectionName)
      .list(
        caller,
        new PaginatedFilter({ conditionTree: ConditionTreeFactory.fromPlainObject(tree) }),
        new Projection('id'),
      );

  async function expectSameAsInMemory(collectionName: string, tree: ConditionTree, extra: string[] = []) {
    const collection = env().dataSource.getCollection(collectionName);
    const projection = columnsOf(collection).union(extra);
    const all = await collection.list(caller, new PaginatedFilter({}), projection);

    const viaSql = await collection.list(caller, new PaginatedFilter({ conditionTree: tree }), projection);

    expect(viaSql.length).toBeGreaterThan(0);
    expect(viaSql.length).toBeLessThan(all.length);
    expect(sortedIds(viaSql)).toEqual(sortedIds(tree.apply(all, collection, caller.timezone)));
    return viaSql;
  }

  test.each(BOOK_CASES.map((item) => [JSON.stringify(item), item] as const))(
    'books %s matches the in-memory semantics',
    async (_label, [field, operator, value]) => {
      await expectSameAsInMemory('books', new ConditionTreeLeaf(field, operator, value));
    },
  );

  test.each(AUTHOR_CASES.map((item) => [JSON.stringify(item), item] as const))(
    'authors %s matches the in-memory semantics',
    async (_label, [field, operator, value]) => {
      await expectSameAsInMemory('authors', new ConditionTreeLeaf(field, operator, value));
    },
  );

  test('runs Match where the dialect has regular expressions, and only there', async () => {
    const title = env().dataSource.getCollection('books').schema.fields.title;
    const hasMatch = title?.type === 'Column' && title.filterOperators.has('Match');
    expect(hasMatch).toBe(env().kind !== 'sqlite');
    if (!hasMatch) return;

    const insensitive = await expectSameAsInMemory('books', new ConditionTreeLeaf('title', 'Match', '/^the [a-f]/i'));
    const sensitive = await listWhere('books', { field: 'title', operator: 'Match', value: '/^the [a-f]/' });

    expect(sortedIds(insensitive)).toEqual([12, 15, 20]);
    expect(sensitive).toEqual([]);
  });

  test('NotEqual includes the rows where the column is null', async () => {
    const result = await expectSameAsInMemory('books', new ConditionTreeLeaf('price', 'NotEqual', 22.81));

    expect(result.some((book) => book.price === null)).toBe(true);
  });

  test.each([
    ['Like', 'ILike', '%s %'],
    ['StartsWith', 'IStartsWith', '%s'],
  ] as const)('%s is case-sensitive and %s is not', async (sensitive, insensitive, pattern) => {
    const titles = (operator: Operator, word: string) =>
      listWhere('books', { field: 'title', operator, value: pattern.replace('%s', word) });

    const upper = await titles(sensitive, 'The');
    const lower = await titles(sensitive, 'the');
    const ignoringCase = await titles(insensitive, 'the');

    expect(upper.length).toBeGreaterThan(3);
    expect(lower).toEqual([]);
    expect(sortedIds(ignoringCase)).toEqual(sortedIds(upper));
  });

  test('an empty In list matches nothing and an empty NotIn list matches everything', async () => {
    const count = async (operator: Operator, value: unknown[]) =>
      (await listWhere('books', { field: 'id', operator, value })).length;

    expect(await count('In', [1, 2])).toBe(2);
    expect(await count('In', [])).toBe(0);
    expect(await count('NotIn', [1, 2])).toBe(22);
    expect(await count('NotIn', [])).toBe(24);
  });

  test('nested And and Or branches, through a relation', async () => {
    const books = env().dataSource.getCollection('books');
    const author = relationOf(books, 'author_id');
    const tree = ConditionTreeFactory.fromPlainObject({
      aggregator: 'Or',
      conditions: [
        {
          aggregator: 'And',
          conditions: [
            { field: `${author}:last_name`, operator: 'In', value: ['Woolf', 'Camus'] },
            { field: 'price', operator: 'GreaterThan', value: 10 },
          ],
        },
        { field: `${author}:first_name`, operator: 'StartsWith', value: 'Ton' },
        { field: 'metadata', operator: 'Missing' },
      ],
    });

    const result = await expectSameAsInMemory('books', tree, [`${author}:last_name`, `${author}:first_name`]);

    expect(result.length).toBeGreaterThan(3);
  });

  test('filters on a relation of a relation', async () => {
    const books = env().dataSource.getCollection('books');
    const details = env().dataSource.getCollection('book_details');
    const book = relationOf(details, 'book_id');
    const publisher = relationOf(books, 'publisher_id');
    const tree = new ConditionTreeLeaf(`${book}:${publisher}:country`, 'Equal', 'GB');

    const result = await expectSameAsInMemory('book_details', tree, [`${book}:${publisher}:country`]);

    // The details of books 3, 7, 11, 19 and 23, published by Faber & Faber.
    expect(sortedIds(result)).toEqual([2, 4, 6, 10, 12]);
  });
}
