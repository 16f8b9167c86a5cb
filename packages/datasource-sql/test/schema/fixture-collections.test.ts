import type { CollectionSchema, LoggerLevel } from '@platform/datasource-toolkit';
import { describeWithService } from '@platform/tooling/test-services';
import { buildCollectionSchemas, introspect, openConnection } from '../../src';
import { type FixtureKind, setupFixtureDatabase } from '../fixtures';

/** Relation names and types of every collection: the same on every dialect. */
const EXPECTED_RELATIONS = {
  authors: { books: 'OneToMany', books_via_editor_id: 'OneToMany' },
  book_details: { book: 'ManyToOne' },
  book_editions: { book: 'ManyToOne' },
  book_tags: { book: 'ManyToOne', tag: 'ManyToOne' },
  books: {
    author: 'ManyToOne',
    editor: 'ManyToOne',
    publisher: 'ManyToOne',
    book_detail: 'OneToOne',
    book_editions: 'OneToMany',
    book_tags: 'OneToMany',
    tags: 'ManyToMany',
  },
  documents: {},
  edition_sales: {},
  published_books: {},
  publishers: { books: 'OneToMany' },
  tags: { book_tags: 'OneToMany', books: 'ManyToMany' },
};

function relationTypes(schemas: Record<string, CollectionSchema>): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      Object.fromEntries(
        Object.entries(schema.fields)
          .filter(([, field]) => field.type !== 'Column')
          .map(([field, { type }]) => [field, type]),
      ),
    ]),
  );
}

function describeFixtureCollections(kind: FixtureKind): void {
  let schemas: Record<string, CollectionSchema>;
  const warnings: string[] = [];

  beforeAll(async () => {
    const fixture = await setupFixtureDatabase(kind, { seed: false });
    const connection = await openConnection(fixture.params);
    try {
      const introspection = await introspect(connection.db, connection.dialect, { schema: connection.schema });
      const logger = (level: LoggerLevel, message: string) => warnings.push(`${level}: ${message}`);
      schemas = buildCollectionSchemas(introspection, { primaryKeys: { published_books: ['id'] }, logger });
    } finally {
      await connection.close();
      await fixture.drop();
    }
  });

  test('derives the same relations from the foreign keys', () => {
    expect(relationTypes(schemas)).toEqual(EXPECTED_RELATIONS);
  });

  test('warns about the composite foreign key it cannot turn into a relation', () => {
    expect(warnings).toEqual([
      expect.stringContaining('(edition_sales.book_id, edition_number → book_editions) has several columns'),
    ]);
  });

  test('exposes the view read-only and the unknown type read-only', () => {
    expect(schemas.published_books?.fields.title).toMatchObject({ isReadOnly: true });
    expect(schemas.documents?.fields.fingerprint).toMatchObject({ columnType: 'String', isReadOnly: true });
    expect(schemas.documents?.fields.title_length).toMatchObject({ isReadOnly: true });
    expect(schemas.documents?.fields.title).toMatchObject({ isReadOnly: false });
  });
}

describeWithService('postgres', 'fixture collections on PostgreSQL', () => describeFixtureCollections('postgres'));
describeWithService('mariadb', 'fixture collections on MariaDB', () => describeFixtureCollections('mariadb'));
describe('fixture collections on SQLite', () => describeFixtureCollections('sqlite'));
