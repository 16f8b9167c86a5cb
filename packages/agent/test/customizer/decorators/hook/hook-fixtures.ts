import { HookCollectionDecorator } from '../../../../src/customizer/decorators/hook/hook-collection-decorator';
import { makeBooksLibrary } from '../../../factories/make-books-library';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/** A hooks layer over a counted in-memory `books` collection. */
export function createBooks() {
  const dataSource = makeBooksLibrary(
    {
      books: [
        { id: 1, title: 'Dune', price: 10 },
        { id: 2, title: 'Emma', price: 20 },
      ],
    },
    { books: { fields: { price: { type: 'Column', columnType: 'Number' } } }, authors: false },
  );
  const child = dataSource.getCollection('books');

  return { child, books: new HookCollectionDecorator(child, dataSource) };
}
