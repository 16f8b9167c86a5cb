import {
  type ConditionTree,
  ConditionTreeBranch,
  ConditionTreeLeaf,
  type DataSource,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import type { KyselyPlugin } from 'kysely';
import { createSqlDataSource } from '../../../src';
import { openConnection, type SqlConnection } from '../../../src/connection';
import { getSqlDialect } from '../../../src/dialects/get-sql-dialect';
import { ListStatements } from '../../../src/query/list/list-statements';
import type { QueryContext } from '../../../src/query/query-context';
import type { SqlCollection } from '../../../src/sql-collection';
import { type FixtureDatabase, setupFixtureDatabase } from '../../fixtures';

const leaf = (field: string, operator: ConstructorParameters<typeof ConditionTreeLeaf>[1], value?: unknown) =>
  new ConditionTreeLeaf(field, operator, value);

// Lists of one shape reuse a compiled statement (see list-statements.ts): a data source that has
// already run a shape must answer exactly as a new one, which builds the statement afresh.
describe('lists of one shape with other values', () => {
  let fixture: FixtureDatabase;
  let warm: DataSource;
  beforeAll(async () => {
    fixture = await setupFixtureDatabase('sqlite');
    warm = await createSqlDataSource(fixture.params)(silentLogger);
  });
  afterAll(async () => {
    await warm.close?.();
    await fixture.drop();
  });

  const shapes: Array<[string, (first: boolean) => ConditionTree]> = [
    ['Equal', (first) => leaf('status', 'Equal', first ? 'draft' : 'published')],
    [
      'And of comparisons',
      (first) =>
        new ConditionTreeBranch('And', [
          leaf('status', 'NotEqual', first ? 'archived' : 'draft'),
          leaf('page_count', 'GreaterThan', first ? 100 : 300),
        ]),
    ],
    [
      'Or through a relation',
      (first) =>
        new ConditionTreeBranch('Or', [
          leaf('id', 'In', first ? [1, 2, 3] : [4, 5, 6]),
          leaf('author:last_name', 'Equal', first ? 'Woolf' : 'Austen'),
        ]),
    ],
    // Lengths and nulls of lists change the SQL: they are part of the shape.
    ['In with a null', (first) => leaf('editor_id', 'In', first ? [1, null] : [2, 3, 4])],
    ['NotIn', (first) => leaf('editor_id', 'NotIn', first ? [1, 2] : [3, null])],
    ['dates', (first) => leaf('created_at', 'LessThan', first ? '2020-01-01T00:00:00Z' : new Date('2100-01-01'))],
    ['a rewritten operator', (first) => leaf('title', 'Contains', first ? 'a' : 'e')],
  ];
  const pages = [new Page(0, 5), new Page(2, 5), new Page(3)];

  test.each(shapes)('%s', async (_name, tree) => {
    const projection = new Projection('id', 'title', 'price', 'created_at', 'author:last_name', 'editor:first_name');
    for (const page of pages) {
      for (const first of [true, false, true]) {
        const filter = new PaginatedFilter({
          conditionTree: tree(first),
          sort: new Sort({ field: 'id', ascending: false }),
          page,
        });
        const fresh = await createSqlDataSource(fixture.params)(silentLogger);
        const expected = await fresh.getCollection('books').list(makeCaller(), filter, projection);
        await fresh.close?.();

        await expect(warm.getCollection('books').list(makeCaller(), filter, projection)).resolves.toEqual(expected);
      }
    }
  });
});

// The cache binds a later list's values itself: a list whose parameters differ from those the
// SELECT binds would not be cached (each list compiled again), though it would answer the same.
describe('the statement of a list shape', () => {
  let fixture: FixtureDatabase;
  let dataSource: DataSource;
  let connection: SqlConnection;
  beforeAll(async () => {
    fixture = await setupFixtureDatabase('sqlite');
    dataSource = await createSqlDataSource(fixture.params)(silentLogger);
    connection = await openConnection(fixture.params, silentLogger);
  });
  afterAll(async () => {
    await connection.close();
    await dataSource.close?.();
    await fixture.drop();
  });

  const modelOf = (name: string) => (dataSource.getCollection(name) as SqlCollection).model;

  test.each([
    ['a limit', new Page(0, 5), new Page(0, 7)],
    ['an offset and a limit', new Page(2, 5), new Page(4, 3)],
    ['an offset without a limit', new Page(3), new Page(6)],
  ])('is compiled once for pages with %s', async (_name, first, second) => {
    let compiles = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        compiles += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const context: QueryContext = {
      db: connection.db.withPlugin(counting),
      flavor: getSqlDialect('sqlite').flavor,
      lookup: modelOf,
    };
    const lists = new ListStatements(modelOf('books'));
    const projection = new Projection('id', 'title');
    const list = (page: Page, status: string) =>
      lists.list(
        context,
        new PaginatedFilter({ conditionTree: leaf('status', 'Equal', status), page }),
        projection,
        'UTC',
      );

    await list(first, 'draft');
    await list(second, 'published');

    expect(compiles).toBe(1);
  });
});
