import { Projection, ProjectionValidator } from '@platform/datasource-toolkit';
import { makeFakeDataSource, makeLibrarySchemas } from '@platform/datasource-toolkit/testing';

const books = () => makeFakeDataSource(makeLibrarySchemas()).getCollection('books');

describe('ProjectionValidator', () => {
  test('accepts columns and to-one relation fields', () => {
    expect(() => ProjectionValidator.validate(books(), new Projection('id', 'title', 'author:name'))).not.toThrow();
  });

  test('refuses an unknown field with a MissingFieldError listing the fields', () => {
    expect(() => ProjectionValidator.validate(books(), new Projection('id', 'nope'))).toThrow(
      expect.objectContaining({ name: 'MissingFieldError', message: expect.stringContaining('Fields: id, title') }),
    );
  });

  test('refuses a to-many relation path', () => {
    expect(() => ProjectionValidator.validate(books(), new Projection('reviews:id'))).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('OneToMany') }),
    );
  });

  test('refuses a bare relation', () => {
    expect(() => ProjectionValidator.validate(books(), new Projection('author'))).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('not a column') }),
    );
  });
});
