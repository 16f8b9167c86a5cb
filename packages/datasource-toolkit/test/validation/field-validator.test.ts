import { FieldValidator } from '@platform/datasource-toolkit';
import { makeFakeDataSource, makeLibrarySchemas } from '@platform/datasource-toolkit/testing';

const books = () => makeFakeDataSource(makeLibrarySchemas()).getCollection('books');

describe('FieldValidator.validate', () => {
  test('returns the column of a field', () => {
    expect(FieldValidator.validate(books(), 'title').columnType).toBe('String');
  });

  test('follows to-one relations', () => {
    expect(FieldValidator.validate(books(), 'author:uuid').columnType).toBe('Uuid');
  });

  test('throws a MissingFieldError listing the fields that exist', () => {
    expect(() => FieldValidator.validate(books(), 'nope')).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message: expect.stringContaining('Fields: id, title, status'),
      }),
    );
  });

  test('throws a MissingFieldError listing the fields of the related collection', () => {
    expect(() => FieldValidator.validate(books(), 'author:nope')).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message: expect.stringContaining("in 'authors'. Fields: id, name, uuid"),
      }),
    );
  });

  test('throws a ValidationError when the path ends on a relation', () => {
    expect(() => FieldValidator.validate(books(), 'author')).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("as 'author:<field>'") }),
    );
  });

  test('throws a ValidationError when the path goes through a to-many relation', () => {
    expect(() => FieldValidator.validate(books(), 'reviews:id')).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining('only ManyToOne and OneToOne'),
      }),
    );
  });

  test('throws a ValidationError when the path goes through a column', () => {
    expect(() => FieldValidator.validate(books(), 'title:length')).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining("'title' is a column") }),
    );
  });
});

describe('FieldValidator.validateValue', () => {
  const column = (path: string) => FieldValidator.validate(books(), path);
  const check = (path: string, value: unknown) => () =>
    FieldValidator.validateValue('books', path, column(path), value);

  test.each([
    ['title', 'Dune'],
    ['title', null],
    ['id', 12.5],
    ['status', 'Draft'],
    ['publishedAt', '2026-01-01T10:00:00Z'],
    ['publishedAt', '2026-01-01T10:00:00.123+02:00'],
    ['publishedAt', new Date()],
    ['releaseDay', '2026-02-28'],
    ['tags', ['a', 'b']],
    ['metadata', { pages: 10 }],
    ['author:uuid', '0b7b9d1c-8c6e-4a3b-9a7e-2f1d3c4b5a69'],
  ])('accepts %s = %p', (path, value) => {
    expect(check(path, value)).not.toThrow();
  });

  test.each([
    ['title', 12, 'expected String'],
    ['id', '12', 'expected Number'],
    ['id', Number.NaN, 'expected Number'],
    ['publishedAt', 'yesterday', 'expected Date'],
    ['releaseDay', '2026-02-28T10:00:00Z', 'expected Dateonly'],
    ['tags', 'a', 'expected an array'],
    ['tags', ['a', 1], 'item 1: expected String'],
    ['metadata', { pages: 'ten' }, "'pages': expected Number"],
    ['metadata', { color: 'red' }, "unknown key 'color'; known keys: pages, format"],
    ['metadata', [1], 'expected an object'],
    ['author:uuid', 'not-a-uuid', 'expected Uuid'],
  ])('rejects %s = %p with a ValidationError', (path, value, message) => {
    expect(check(path, value)).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining(message) }),
    );
  });

  test('rejects an unknown enum value, listing the allowed values', () => {
    expect(check('status', 'Archived')).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining('"Archived" is not one of the allowed values: Draft, Published'),
      }),
    );
  });

  test('names the collection and field in the error', () => {
    expect(check('title', 12)).toThrow("Invalid value for 'books.title'");
  });
});
