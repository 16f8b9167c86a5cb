import { RecordValidator } from '@platform/datasource-toolkit';
import { makeColumn, makeFakeDataSource, makeLibrarySchemas, makeSchema } from '@platform/datasource-toolkit/testing';

const books = () => makeFakeDataSource(makeLibrarySchemas()).getCollection('books');

describe('RecordValidator.validate', () => {
  test('accepts a valid record', () => {
    expect(() => RecordValidator.validate(books(), { title: 'Dune', status: 'Draft', tags: ['sf'] })).not.toThrow();
  });

  test('accepts a nested to-one relation and null relations', () => {
    expect(() => RecordValidator.validate(books(), { title: 'Dune', author: { name: 'Herbert' } })).not.toThrow();
    expect(() => RecordValidator.validate(books(), { title: 'Dune', author: null })).not.toThrow();
  });

  test('refuses a missing required field', () => {
    expect(() => RecordValidator.validate(books(), { status: 'Draft' })).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining('Missing required field(s)'),
      }),
    );
  });

  test('does not require a non-null column the database fills (hasDatabaseDefault)', () => {
    const schema = makeSchema({
      id: makeColumn('Uuid', { isPrimaryKey: true, allowNull: false, hasDatabaseDefault: true }),
      createdAt: makeColumn('Date', { allowNull: false, hasDatabaseDefault: true }),
      body: makeColumn('String', { allowNull: false }),
    });
    const events = makeFakeDataSource({ events: schema }).getCollection('events');

    expect(() => RecordValidator.validate(events, {})).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringMatching(/: body\.$/) }),
    );
    expect(() => RecordValidator.validate(events, { body: 'x' })).not.toThrow();
  });

  test('refuses an unknown field with a MissingFieldError listing writable fields', () => {
    expect(() => RecordValidator.validate(books(), { title: 'Dune', colour: 'red' })).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message: expect.stringContaining('Writable fields: title, status'),
      }),
    );
  });

  test('refuses an unknown field of a nested relation', () => {
    expect(() => RecordValidator.validate(books(), { title: 'Dune', author: { age: 3 } })).toThrow(
      expect.objectContaining({ name: 'MissingFieldError', message: expect.stringContaining("'author:age'") }),
    );
  });

  test('refuses a read-only field', () => {
    expect(() => RecordValidator.validate(books(), { id: 3, title: 'Dune' })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("'books.id' is read-only") }),
    );
  });

  test('refuses a wrong type', () => {
    expect(() => RecordValidator.validate(books(), { title: 42 })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('expected String') }),
    );
  });

  test('refuses an unknown enum value, listing the allowed values', () => {
    expect(() => RecordValidator.validate(books(), { title: 'Dune', status: 'Lost' })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('Draft, Published') }),
    );
  });

  test('refuses null in a column that does not allow it', () => {
    expect(() => RecordValidator.validate(books(), { title: null })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('cannot be null') }),
    );
  });

  test('refuses a to-many relation', () => {
    expect(() => RecordValidator.validate(books(), { title: 'Dune', reviews: [] })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('OneToMany relation') }),
    );
  });

  test('refuses a nested relation that is not an object', () => {
    expect(() => RecordValidator.validate(books(), { title: 'Dune', author: 'Herbert' })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("for 'authors'") }),
    );
  });

  test('refuses a record that is not an object', () => {
    expect(() => RecordValidator.validate(books(), ['Dune'] as never)).toThrow(
      expect.objectContaining({ name: 'ValidationError' }),
    );
  });
});

describe('RecordValidator.patch', () => {
  test('accepts a partial record without required fields', () => {
    expect(() => RecordValidator.patch(books(), { status: 'Published' })).not.toThrow();
  });

  test('refuses an empty patch', () => {
    expect(() => RecordValidator.patch(books(), {})).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('the patch is empty') }),
    );
  });

  test('refuses a read-only field', () => {
    expect(() => RecordValidator.patch(books(), { id: 2 })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('read-only') }),
    );
  });

  test('refuses an unknown field', () => {
    expect(() => RecordValidator.patch(books(), { nope: 1 })).toThrow(
      expect.objectContaining({ name: 'MissingFieldError' }),
    );
  });

  test('refuses null in a column that does not allow it', () => {
    expect(() => RecordValidator.patch(books(), { title: null })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('cannot be null') }),
    );
  });
});
