import { isColumn, PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { createSqlDataSource, type Introspection, introspect, openConnection } from '../src';
import { type FixtureDatabase, setupFixtureDatabase } from './fixtures';

describe('createSqlDataSource', () => {
  let fixture: FixtureDatabase;
  let introspection: Introspection;
  beforeAll(async () => {
    fixture = await setupFixtureDatabase('sqlite');
    const connection = await openConnection(fixture.params);
    introspection = await introspect(connection.db, connection.dialect);
    await connection.close();
  });
  afterAll(() => fixture.drop());

  test('builds its schema from a stored introspection without connecting', async () => {
    const dataSource = await createSqlDataSource(
      { dialect: 'sqlite', filename: '/nonexistent/directory/none.db' },
      { introspection },
    )(silentLogger);

    expect(dataSource.collections.map((collection) => collection.name)).toContain('books');
    await expect(
      dataSource.getCollection('books').list(makeCaller(), new PaginatedFilter({}), new Projection('id')),
    ).rejects.toMatchObject({ name: 'DatabaseConnectionError' });
    await dataSource.close();
  });

  test('connects on the first query when given an introspection', async () => {
    const dataSource = await createSqlDataSource(fixture.params, { introspection })(silentLogger);

    const books = await dataSource
      .getCollection('books')
      .list(makeCaller(), new PaginatedFilter({}), new Projection('id'));

    expect(books).toHaveLength(24);
    await dataSource.close();
  });

  test('keeps only the included tables, minus the excluded ones', async () => {
    const dataSource = await createSqlDataSource(fixture.params, {
      include: ['books', 'authors', 'publishers'],
      exclude: ['publishers'],
    })(silentLogger);

    expect(dataSource.collections.map((collection) => collection.name).sort()).toEqual(['authors', 'books']);
    await dataSource.close();
  });

  test('declares the derived operators of each column as filterOperators', async () => {
    const dataSource = await createSqlDataSource(fixture.params, { introspection })(silentLogger);
    const fields = dataSource.getCollection('books').schema.fields;
    const operators = (name: string) => {
      const field = fields[name];
      return isColumn(field) ? [...field.filterOperators] : [];
    };

    expect(operators('title')).toEqual(
      expect.arrayContaining([
        'Equal',
        'In',
        'Contains',
        'IContains',
        'StartsWith',
        'Like',
        'ILike',
        'LongerThan',
        'Blank',
      ]),
    );
    expect(operators('title')).not.toContain('Match'); // SQLite has no regular expressions
    expect(operators('created_at')).toEqual(expect.arrayContaining(['Today', 'PreviousMonth', 'Before', 'After']));
    expect(operators('metadata').sort()).toEqual(['Blank', 'Missing', 'Present']);
    expect(dataSource.getCollection('books').schema.searchable).toBe(true);
    await dataSource.close();
  });

  test('has no native query connection unless one is named', async () => {
    const dataSource = await createSqlDataSource(fixture.params, { introspection })(silentLogger);

    expect(dataSource.nativeQueryConnections).toEqual([]);
    await expect(dataSource.executeNativeQuery('main', 'select 1')).rejects.toMatchObject({ name: 'NotFoundError' });
    await dataSource.close();
  });

  test('refuses an unknown collection with a NotFoundError listing the others', async () => {
    const dataSource = await createSqlDataSource(fixture.params, { introspection })(silentLogger);

    expect(() => dataSource.getCollection('nope')).toThrow(/Collections: .*books/);
    await dataSource.close();
  });

  test('logs each statement at Debug level, without values', async () => {
    const messages: string[] = [];
    const dataSource = await createSqlDataSource(fixture.params, { introspection })((level, message) => {
      if (level === 'Debug') messages.push(message);
    });
    const books = dataSource.getCollection('books');
    await books.list(makeCaller(), new PaginatedFilter({}), new Projection('id'));
    messages.length = 0;

    await books.list(makeCaller(), new PaginatedFilter({ search: 'secret' }), new Projection('id'));

    expect(messages).toEqual([expect.stringMatching(/^SQL select: [\d.]+ ms$/)]);
    await dataSource.close();
  });
});
