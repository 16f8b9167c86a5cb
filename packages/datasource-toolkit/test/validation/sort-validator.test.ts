import { Sort, SortValidator } from '@platform/datasource-toolkit';
import { makeColumn, makeFakeDataSource, makeLibrarySchemas } from '@platform/datasource-toolkit/testing';

const books = () => makeFakeDataSource(makeLibrarySchemas()).getCollection('books');

describe('SortValidator', () => {
  test('accepts sortable fields, through relations too', () => {
    expect(() => SortValidator.validate(books(), Sort.fromString('-title,author:name'))).not.toThrow();
  });

  test('accepts an empty sort', () => {
    expect(() => SortValidator.validate(books(), new Sort())).not.toThrow();
  });

  test('refuses a field that is not sortable, listing the sortable ones', () => {
    expect(() => SortValidator.validate(books(), Sort.fromString('title,-price'))).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringMatching(
          /'price': it is not sortable\. Sortable fields of 'books': id, title, .*authorId\./,
        ),
      }),
    );
  });

  test('lists the sortable fields of the related collection for a relation path', () => {
    const schemas = makeLibrarySchemas();
    const authors = schemas.authors!;
    const dataSource = makeFakeDataSource({
      ...schemas,
      authors: { ...authors, fields: { ...authors.fields, name: { ...makeColumn('String'), isSortable: false } } },
    });

    expect(() => SortValidator.validate(dataSource.getCollection('books'), Sort.fromString('author:name'))).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message: expect.stringContaining("Sortable fields of 'authors': id, uuid."),
      }),
    );
  });

  test('refuses an unknown field with a MissingFieldError', () => {
    expect(() => SortValidator.validate(books(), Sort.fromString('nope'))).toThrow(
      expect.objectContaining({ name: 'MissingFieldError' }),
    );
  });

  test('refuses a relation without field', () => {
    expect(() => SortValidator.validate(books(), Sort.fromString('author'))).toThrow(
      expect.objectContaining({ name: 'ValidationError' }),
    );
  });
});
