import type { ColumnSchema, LoggerLevel } from '@platform/datasource-toolkit';
import { buildCollectionSchemas, type IntrospectedTable } from '../../src';
import {
  makeForeignKey,
  makeIntrospectedColumn,
  makeIntrospection,
  makeTable,
} from '../factories/introspection-factory';

function build(tables: IntrospectedTable[], options: Parameters<typeof buildCollectionSchemas>[1] = {}) {
  const warnings: string[] = [];
  const logger = (level: LoggerLevel, message: string) => {
    if (level === 'Warn') warnings.push(message);
  };
  return { schemas: buildCollectionSchemas(makeIntrospection(tables), { logger, ...options }), warnings };
}

function relationsOf(schema: { fields: Record<string, { type: string }> } | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema?.fields ?? {}).filter(([, field]) => field.type !== 'Column'));
}

function columnOf(schema: { fields: Record<string, unknown> } | undefined, name: string): ColumnSchema {
  const field = schema?.fields[name];
  if (field === undefined) throw new Error(`no field ${name}`);
  return field as ColumnSchema;
}

function errorOf(fn: () => unknown): Error & { issues?: { path: string }[] } {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

const authorId = makeIntrospectedColumn({ name: 'author_id' });
const authors = makeTable('authors', [makeIntrospectedColumn({ name: 'name', sqlType: 'text', columnType: 'String' })]);

describe('buildCollectionSchemas', () => {
  describe('columns', () => {
    test('builds a column schema from an introspected column', () => {
      const table = makeTable('books', [
        makeIntrospectedColumn({
          name: 'status',
          sqlType: 'book_status',
          columnType: 'Enum',
          isNullable: true,
          defaultValue: 'draft',
          enumValues: ['draft', 'published'],
        }),
      ]);

      const { schemas } = build([table]);

      expect(schemas.books?.fields.status).toEqual({
        type: 'Column',
        columnType: 'Enum',
        filterOperators: expect.any(Set),
        isPrimaryKey: false,
        isReadOnly: false,
        isSortable: true,
        allowNull: true,
        isAutoIncrement: false,
        defaultValue: 'draft',
        enumValues: ['draft', 'published'],
      });
      expect(schemas.books?.fields.id).toMatchObject({ isPrimaryKey: true, isAutoIncrement: true, allowNull: false });
    });

    test('takes the filter operators of the column type', () => {
      const { schemas } = build([makeTable('t', [makeIntrospectedColumn({ name: 'title', columnType: 'String' })])]);
      const operators = columnOf(schemas.t, 'title').filterOperators;

      expect(operators.has('Contains')).toBe(true);
      expect(columnOf(schemas.t, 'id').filterOperators.has('Contains')).toBe(false);
    });

    test('exposes an unknown type read-only as an unsortable String compared with null only', () => {
      const { schemas } = build([
        makeTable('t', [makeIntrospectedColumn({ name: 'search', sqlType: 'tsvector', columnType: null })]),
      ]);

      expect(schemas.t?.fields.search).toMatchObject({ columnType: 'String', isReadOnly: true, isSortable: false });
      expect([...columnOf(schemas.t, 'search').filterOperators]).toEqual(['Present', 'Missing']);
    });

    test('makes generated columns read-only', () => {
      const { schemas } = build([makeTable('t', [makeIntrospectedColumn({ name: 'length', isGenerated: true })])]);

      expect(schemas.t?.fields.length).toMatchObject({ isReadOnly: true });
    });

    test('does not sort Json, Point and array columns', () => {
      const { schemas } = build([
        makeTable('t', [
          makeIntrospectedColumn({ name: 'doc', columnType: 'Json' }),
          makeIntrospectedColumn({ name: 'spot', columnType: 'Point' }),
          makeIntrospectedColumn({ name: 'tags', columnType: ['String'] }),
        ]),
      ]);

      for (const name of ['doc', 'spot', 'tags']) expect(schemas.t?.fields[name]).toMatchObject({ isSortable: false });
    });
  });

  describe('tables and views', () => {
    const view = makeTable('published_books', [], { isView: true, primaryKey: [] });

    test('skips a view without primary key with a warning saying how to expose it', () => {
      const { schemas, warnings } = build([authors, view]);

      expect(Object.keys(schemas)).toEqual(['authors']);
      expect(warnings).toEqual([expect.stringContaining("primaryKeys: { published_books: ['<unique column>'] }")]);
    });

    test('exposes a view read-only with the primary key given in options', () => {
      const { schemas, warnings } = build([view], { primaryKeys: { published_books: ['id'] } });

      expect(schemas.published_books?.fields.id).toMatchObject({ isPrimaryKey: true, isReadOnly: true });
      expect(warnings).toEqual([]);
    });

    test('skips a table without primary key too', () => {
      const { schemas, warnings } = build([makeTable('logs', [], { primaryKey: [] })]);

      expect(schemas).toEqual({});
      expect(warnings).toEqual([expect.stringMatching(/^Table "logs" has no primary key/)]);
    });

    test('keeps only included tables, then drops excluded ones', () => {
      const tables = [authors, makeTable('books'), makeTable('tags')];

      expect(Object.keys(build(tables, { include: ['books', 'tags'] }).schemas)).toEqual(['books', 'tags']);
      expect(Object.keys(build(tables, { exclude: ['books'] }).schemas)).toEqual(['authors', 'tags']);
      expect(Object.keys(build(tables, { include: ['books', 'tags'], exclude: ['tags'] }).schemas)).toEqual(['books']);
    });

    test('returns collections that count and declare no native search', () => {
      expect(build([authors]).schemas.authors).toMatchObject({
        actions: {},
        segments: [],
        charts: [],
        countable: true,
        searchable: false,
      });
    });

    test.each([
      ['an unknown included table', { include: ['nope'] }, 'include.0'],
      ['an unknown excluded table', { exclude: ['authors', 'nope'] }, 'exclude.1'],
      ['a primary key of an unknown table', { primaryKeys: { nope: ['id'] } }, 'primaryKeys.nope'],
      ['a primary key on an unknown column', { primaryKeys: { authors: ['nope'] } }, 'primaryKeys.authors'],
      ['an empty primary key', { primaryKeys: { authors: [] } }, 'primaryKeys.authors'],
    ])('refuses %s with a ValidationError listing what exists', (_, options, path) => {
      const error = errorOf(() => build([authors], options));

      expect(error.name).toBe('ValidationError');
      expect(error.issues?.map((issue) => issue.path)).toEqual([path]);
      expect(error.message).toMatch(/known: authors|columns: id, name|at least one column/);
    });
  });

  describe('relations', () => {
    test('names a many-to-one after its key column and the inverse after the referencing table', () => {
      const books = makeTable('books', [authorId], { foreignKeys: [makeForeignKey('author_id', 'authors')] });

      const { schemas } = build([authors, books]);

      expect(relationsOf(schemas.books)).toEqual({
        author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'author_id', foreignKeyTarget: 'id' },
      });
      expect(relationsOf(schemas.authors)).toEqual({
        books: { type: 'OneToMany', foreignCollection: 'books', originKey: 'author_id', originKeyTarget: 'id' },
      });
    });

    test('handles camelCase keys and singular table names', () => {
      const post = makeTable('post', [makeIntrospectedColumn({ name: 'authorId' })], {
        foreignKeys: [makeForeignKey('authorId', 'person')],
      });

      const { schemas } = build([makeTable('person'), post]);

      expect(Object.keys(relationsOf(schemas.post))).toEqual(['author']);
      expect(Object.keys(relationsOf(schemas.person))).toEqual(['posts']);
    });

    test('falls back to the referenced table when the key column has no _id suffix', () => {
      const books = makeTable('books', [makeIntrospectedColumn({ name: 'writer' })], {
        foreignKeys: [makeForeignKey('writer', 'authors')],
      });

      expect(Object.keys(relationsOf(build([authors, books]).schemas.books))).toEqual(['author']);
    });

    test('never hides a column: a clashing name gets _via_<column>', () => {
      const books = makeTable('books', [makeIntrospectedColumn({ name: 'author', columnType: 'String' }), authorId], {
        foreignKeys: [makeForeignKey('author_id', 'authors')],
      });

      const { schemas } = build([authors, books]);

      expect(schemas.books?.fields.author?.type).toBe('Column');
      expect(schemas.books?.fields.author_via_author_id?.type).toBe('ManyToOne');
    });

    test('names inverses of several keys to one table books and books_via_<column>', () => {
      const books = makeTable('books', [authorId, makeIntrospectedColumn({ name: 'editor_id' })], {
        foreignKeys: [makeForeignKey('author_id', 'authors'), makeForeignKey('editor_id', 'authors')],
      });

      const { schemas } = build([authors, books]);

      expect(Object.keys(relationsOf(schemas.books))).toEqual(['author', 'editor']);
      expect(Object.keys(relationsOf(schemas.authors))).toEqual(['books', 'books_via_editor_id']);
    });

    test('uses _via_ for every inverse when no key is the natural one', () => {
      const messages = makeTable(
        'messages',
        [makeIntrospectedColumn({ name: 'sender_id' }), makeIntrospectedColumn({ name: 'recipient_id' })],
        {
          foreignKeys: [makeForeignKey('recipient_id', 'users'), makeForeignKey('sender_id', 'users')],
        },
      );

      const { schemas } = build([makeTable('users'), messages]);

      expect(Object.keys(relationsOf(schemas.users))).toEqual(['messages_via_recipient_id', 'messages_via_sender_id']);
    });

    test('names both sides of a self-reference', () => {
      const employees = makeTable('employees', [makeIntrospectedColumn({ name: 'manager_id', isNullable: true })], {
        foreignKeys: [makeForeignKey('manager_id', 'employees')],
      });

      expect(relationsOf(build([employees]).schemas.employees)).toEqual({
        manager: {
          type: 'ManyToOne',
          foreignCollection: 'employees',
          foreignKey: 'manager_id',
          foreignKeyTarget: 'id',
        },
        employees_via_manager_id: {
          type: 'OneToMany',
          foreignCollection: 'employees',
          originKey: 'manager_id',
          originKeyTarget: 'id',
        },
      });
    });

    test('makes the inverse of a unique key a one-to-one named in the singular', () => {
      const details = makeTable('book_details', [makeIntrospectedColumn({ name: 'book_id', isUnique: true })], {
        foreignKeys: [makeForeignKey('book_id', 'books')],
        uniqueConstraints: [['book_id']],
      });

      expect(relationsOf(build([makeTable('books'), details]).schemas.books)).toEqual({
        book_detail: {
          type: 'OneToOne',
          foreignCollection: 'book_details',
          originKey: 'book_id',
          originKeyTarget: 'id',
        },
      });
    });

    test('makes the inverse of a key that is the whole primary key a one-to-one', () => {
      const profiles = makeTable('profiles', [], { foreignKeys: [makeForeignKey('id', 'users')] });

      expect(relationsOf(build([makeTable('users'), profiles]).schemas.users)).toEqual({
        profile: { type: 'OneToOne', foreignCollection: 'profiles', originKey: 'id', originKeyTarget: 'id' },
      });
    });

    test('links both sides of a junction table whose primary key is two foreign keys', () => {
      const bookTags = makeTable(
        'book_tags',
        [makeIntrospectedColumn({ name: 'book_id' }), makeIntrospectedColumn({ name: 'tag_id' })],
        {
          columns: [makeIntrospectedColumn({ name: 'book_id' }), makeIntrospectedColumn({ name: 'tag_id' })],
          primaryKey: ['book_id', 'tag_id'],
          foreignKeys: [makeForeignKey('book_id', 'books'), makeForeignKey('tag_id', 'tags')],
        },
      );

      const { schemas } = build([makeTable('books'), makeTable('tags'), bookTags]);

      expect(schemas.books?.fields.tags).toEqual({
        type: 'ManyToMany',
        foreignCollection: 'tags',
        throughCollection: 'book_tags',
        originKey: 'book_id',
        originKeyTarget: 'id',
        foreignKey: 'tag_id',
        foreignKeyTarget: 'id',
      });
      expect(schemas.tags?.fields.books).toMatchObject({
        type: 'ManyToMany',
        foreignCollection: 'books',
        originKey: 'tag_id',
      });
      expect(Object.keys(relationsOf(schemas.book_tags))).toEqual(['book', 'tag']);
    });

    test('detects a junction by a unique constraint of two foreign keys', () => {
      const follows = makeTable(
        'follows',
        [makeIntrospectedColumn({ name: 'follower_id' }), makeIntrospectedColumn({ name: 'followee_id' })],
        {
          foreignKeys: [makeForeignKey('followee_id', 'users'), makeForeignKey('follower_id', 'users')],
          uniqueConstraints: [['follower_id', 'followee_id']],
        },
      );

      const relations = relationsOf(build([makeTable('users'), follows]).schemas.users);

      expect(relations.users_via_followee_id).toMatchObject({ type: 'ManyToMany', originKey: 'follower_id' });
      expect(relations.users_via_follower_id).toMatchObject({ type: 'ManyToMany', originKey: 'followee_id' });
    });

    test('skips a composite foreign key with a warning', () => {
      const sales = makeTable(
        'sales',
        [makeIntrospectedColumn({ name: 'book_id' }), makeIntrospectedColumn({ name: 'edition' })],
        {
          foreignKeys: [
            {
              name: 'sales_edition_fk',
              columns: ['book_id', 'edition'],
              referencedTable: 'editions',
              referencedColumns: ['a', 'b'],
            },
          ],
        },
      );

      const { schemas, warnings } = build([makeTable('editions'), sales]);

      expect(relationsOf(schemas.sales)).toEqual({});
      expect(warnings).toEqual([expect.stringMatching(/^Foreign key "sales_edition_fk" .* has several columns/)]);
    });

    test('skips keys to tables that are not exposed or live in another schema', () => {
      const books = makeTable('books', [authorId, makeIntrospectedColumn({ name: 'shelf_id' })], {
        foreignKeys: [
          makeForeignKey('author_id', 'authors'),
          { ...makeForeignKey('shelf_id', 'shelves'), referencedSchema: 'x' },
        ],
      });

      const { schemas } = build([authors, books, makeTable('shelves')], { exclude: ['authors'] });

      expect(relationsOf(schemas.books)).toEqual({});
      expect(relationsOf(schemas.shelves)).toEqual({});
    });
  });
});
