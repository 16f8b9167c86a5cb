import type { LoggerLevel } from '@platform/datasource-toolkit';
import { describeWithService } from '@platform/tooling/test-services';
import { type Introspection, introspect, openConnection, parseIntrospection } from '../../src';
import { type FixtureDatabase, type FixtureKind, setupFixtureDatabase } from '../fixtures';

const TABLES = [
  'authors',
  'book_details',
  'book_editions',
  'book_tags',
  'books',
  'documents',
  'edition_sales',
  'published_books',
  'publishers',
  'tags',
];

interface Introspected {
  introspection: Introspection;
  warnings: string[];
}

async function introspectFixture(fixture: FixtureDatabase): Promise<Introspected> {
  const warnings: string[] = [];
  const logger = (level: LoggerLevel, message: string) => warnings.push(`${level}: ${message}`);
  const connection = await openConnection(fixture.params);
  try {
    const introspection = await introspect(connection.db, connection.dialect, { schema: connection.schema, logger });
    return { introspection, warnings };
  } finally {
    await connection.close();
  }
}

/** What every dialect must find in the fixture schema. */
function describeSharedExpectations(kind: FixtureKind): void {
  let fixture: FixtureDatabase;
  let result: Introspected;
  const table = (name: string) => {
    const found = result.introspection.tables.find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`no table ${name}`);
    return found;
  };
  const column = (tableName: string, name: string) => table(tableName).columns.find((c) => c.name === name);

  beforeAll(async () => {
    fixture = await setupFixtureDatabase(kind, { seed: false });
    result = await introspectFixture(fixture);
  });
  afterAll(() => fixture.drop());

  test('lists the tables and the view, sorted by name', () => {
    expect(result.introspection.tables.map((t) => t.name)).toEqual(TABLES);
    expect(result.introspection.tables.filter((t) => t.isView).map((t) => t.name)).toEqual(['published_books']);
  });

  test('maps the columns of books to the same column types', () => {
    const types = Object.fromEntries(table('books').columns.map((c) => [c.name, c.columnType]));

    expect(types).toEqual({
      id: 'Number',
      title: 'String',
      isbn: 'String',
      author_id: 'Number',
      editor_id: 'Number',
      publisher_id: 'Number',
      status: 'Enum',
      metadata: 'Json',
      price: 'Number',
      page_count: 'Number',
      rating: 'Number',
      view_count: 'Number',
      published_on: 'Dateonly',
      created_at: 'Date',
      is_published: 'Boolean',
    });
  });

  test('maps uuid, time, binary and char columns', () => {
    expect(column('authors', 'external_id')?.columnType).toBe('Uuid');
    expect(column('authors', 'writing_hour')?.columnType).toBe('Time');
    expect(column('book_details', 'cover')?.columnType).toBe('Binary');
    expect(column('publishers', 'country')?.columnType).toBe('String');
  });

  test('tells how numbers come back: integer, bigint, decimal or float', () => {
    expect(column('books', 'page_count')?.numericKind).toBe('integer');
    expect(column('books', 'view_count')?.numericKind).toBe('bigint');
    expect(column('books', 'price')?.numericKind).toBe('decimal');
    expect(column('books', 'rating')?.numericKind).toBe('float');
  });

  test('reads nullability', () => {
    expect(column('books', 'title')?.isNullable).toBe(false);
    expect(column('books', 'editor_id')?.isNullable).toBe(true);
  });

  test('reads literal defaults in the column type and omits expressions', () => {
    expect(column('books', 'status')?.defaultValue).toBe('draft');
    expect(column('books', 'view_count')?.defaultValue).toBe(0);
    expect(column('books', 'is_published')?.defaultValue).toBe(false);
    expect(column('authors', 'is_active')?.defaultValue).toBe(true);
    expect(column('book_editions', 'format')?.defaultValue).toBe('paperback');
    expect(column('books', 'created_at')).not.toHaveProperty('defaultValue');
    expect(column('books', 'id')).not.toHaveProperty('defaultValue');
  });

  test('flags the defaults the database computes, and only those', () => {
    expect(column('books', 'created_at')?.hasDefaultExpression).toBe(true);
    expect(column('books', 'status')).not.toHaveProperty('hasDefaultExpression');
    expect(column('books', 'title')).not.toHaveProperty('hasDefaultExpression');
    expect(column('books', 'editor_id')).not.toHaveProperty('hasDefaultExpression');
    expect(column('books', 'id')).not.toHaveProperty('hasDefaultExpression');
  });

  test('flags auto-increment keys only', () => {
    const autoIncrement = result.introspection.tables.flatMap((t) =>
      t.columns.filter((c) => c.isAutoIncrement).map((c) => `${t.name}.${c.name}`),
    );

    expect(autoIncrement).toEqual([
      'authors.id',
      'book_details.id',
      'books.id',
      'documents.id',
      'edition_sales.id',
      'publishers.id',
      'tags.id',
    ]);
  });

  test('reads enum values in their declared order', () => {
    expect(column('books', 'status')?.enumValues).toEqual(['draft', 'published', 'archived']);
  });

  test('reads simple and composite primary keys; views have none', () => {
    expect(table('books').primaryKey).toEqual(['id']);
    expect(table('book_tags').primaryKey).toEqual(['book_id', 'tag_id']);
    expect(table('book_editions').primaryKey).toEqual(['book_id', 'edition_number']);
    expect(table('published_books').primaryKey).toEqual([]);
  });

  test('reads foreign keys, composite ones included', () => {
    const keys = (name: string) =>
      table(name).foreignKeys.map(({ columns, referencedTable, referencedColumns }) => ({
        columns,
        referencedTable,
        referencedColumns,
      }));

    expect(keys('books')).toEqual([
      { columns: ['author_id'], referencedTable: 'authors', referencedColumns: ['id'] },
      { columns: ['editor_id'], referencedTable: 'authors', referencedColumns: ['id'] },
      { columns: ['publisher_id'], referencedTable: 'publishers', referencedColumns: ['id'] },
    ]);
    expect(keys('edition_sales')).toEqual([
      {
        columns: ['book_id', 'edition_number'],
        referencedTable: 'book_editions',
        referencedColumns: ['book_id', 'edition_number'],
      },
    ]);
  });

  test('reads unique constraints and flags their single columns', () => {
    expect(table('books').uniqueConstraints).toEqual([['isbn']]);
    expect(column('books', 'isbn')?.isUnique).toBe(true);
    expect(column('book_details', 'book_id')?.isUnique).toBe(true);
    expect(column('books', 'title')).not.toHaveProperty('isUnique');
  });

  test('flags generated columns', () => {
    expect(column('documents', 'title_length')?.isGenerated).toBe(true);
    expect(column('documents', 'title')).not.toHaveProperty('isGenerated');
  });

  test('gives an unknown type a null column type and a warning, without failing', () => {
    expect(column('documents', 'fingerprint')?.columnType).toBeNull();
    expect(result.warnings).toEqual([expect.stringMatching(/^Warn: Column "documents\.fingerprint" has type "\w+"/)]);
  });

  test('survives a JSON round trip unchanged', () => {
    const serialised = JSON.parse(JSON.stringify(result.introspection));

    expect(parseIntrospection(serialised)).toStrictEqual(result.introspection);
  });
}

describeWithService('postgres', 'introspect on PostgreSQL', () => {
  describeSharedExpectations('postgres');
});

describeWithService('mariadb', 'introspect on MariaDB', () => {
  describeSharedExpectations('mariadb');
});

describe('introspect on SQLite', () => {
  describeSharedExpectations('sqlite');
});
