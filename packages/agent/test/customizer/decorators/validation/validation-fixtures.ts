import { ValidationCollectionDecorator } from '../../../../src/customizer/decorators/validation/validation-collection-decorator';
import { makeBooksLibrary } from '../../../factories/make-books-library';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/** A validation layer over a counted in-memory `books` collection with one record. */
export function createBooks() {
  const dataSource = makeBooksLibrary(
    { books: [{ id: 1, title: 'Dune', price: 10 }] },
    {
      books: {
        fields: {
          contact: { type: 'Column', columnType: 'String' },
          price: { type: 'Column', columnType: 'Number' },
          publishedAt: { type: 'Column', columnType: 'Date' },
          summary: { type: 'Column', columnType: 'String', isReadOnly: true },
        },
      },
    },
  );
  const child = dataSource.getCollection('books');

  return { child, books: new ValidationCollectionDecorator(child, dataSource) };
}
