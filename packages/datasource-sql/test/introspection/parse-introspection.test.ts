import { parseIntrospection } from '../../src';
import {
  makeForeignKey,
  makeIntrospectedColumn,
  makeIntrospection,
  makeTable,
} from '../factories/introspection-factory';

function errorOf(json: unknown): Error & { issues?: { path: string; message: string }[] } {
  try {
    parseIntrospection(json);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a ValidationError');
}

describe('parseIntrospection', () => {
  const valid = makeIntrospection([
    makeTable('authors', [
      makeIntrospectedColumn({ name: 'tags', sqlType: 'text[]', columnType: ['String'], defaultValue: [] }),
    ]),
    makeTable(
      'books',
      [
        makeIntrospectedColumn({ name: 'author_id' }),
        makeIntrospectedColumn({
          name: 'status',
          sqlType: 'book_status',
          columnType: 'Enum',
          enumValues: ['draft'],
          defaultValue: 'draft',
        }),
        makeIntrospectedColumn({ name: 'search', sqlType: 'tsvector', columnType: null, isNullable: true }),
        makeIntrospectedColumn({ name: 'address', sqlType: 'jsonb', columnType: { city: 'String', zip: ['Number'] } }),
      ],
      { foreignKeys: [makeForeignKey('author_id', 'authors')], uniqueConstraints: [['author_id', 'status']] },
    ),
  ]);

  test('gives back a serialised introspection unchanged', () => {
    expect(parseIntrospection(JSON.parse(JSON.stringify(valid)))).toStrictEqual(valid);
  });

  test('accepts an introspection without tables', () => {
    expect(parseIntrospection({ version: 1, dialect: 'sqlite', tables: [] })).toEqual({
      version: 1,
      dialect: 'sqlite',
      tables: [],
    });
  });

  test.each([
    ['a string', 'introspection', ''],
    ['another version', { ...valid, version: 2 }, 'version'],
    ['an unknown dialect', { ...valid, dialect: 'oracle' }, 'dialect'],
    ['tables that are not a list', { ...valid, tables: {} }, 'tables'],
    ['a table without columns', makeIntrospection([makeTable('t', [], { columns: [] })]), 'tables.0.columns'],
    [
      'a column type that does not exist',
      makeIntrospection([makeTable('t', [makeIntrospectedColumn({ name: 'c', columnType: 'Integer' as never })])]),
      'tables.0.columns.1.columnType',
    ],
    [
      'a nullability that is not a boolean',
      makeIntrospection([makeTable('t', [makeIntrospectedColumn({ name: 'c', isNullable: 'yes' as never })])]),
      'tables.0.columns.1.isNullable',
    ],
    [
      'a primary key naming a missing column',
      makeIntrospection([makeTable('t', [], { primaryKey: ['nope'] })]),
      'tables.0.primaryKey',
    ],
    [
      'a foreign key naming a missing column',
      makeIntrospection([makeTable('t', [], { foreignKeys: [makeForeignKey('nope', 'u')] })]),
      'tables.0.foreignKeys.0.columns',
    ],
    [
      'a foreign key with more columns than referenced columns',
      makeIntrospection([
        makeTable('t', [], {
          foreignKeys: [{ name: 'fk', columns: ['id', 'id'], referencedTable: 'u', referencedColumns: ['id'] }],
        }),
      ]),
      'tables.0.foreignKeys.0.referencedColumns',
    ],
    [
      'an empty unique constraint',
      makeIntrospection([makeTable('t', [], { uniqueConstraints: [[]] })]),
      'tables.0.uniqueConstraints.0',
    ],
    ['an unknown field', { ...valid, extra: true }, 'extra'],
  ])('refuses %s with a ValidationError naming the field', (_, json, path) => {
    const error = errorOf(json);

    expect(error.name).toBe('ValidationError');
    expect(error.issues?.map((issue) => issue.path)).toContain(path);
    expect(error.message).toContain('Invalid introspection');
  });
});
