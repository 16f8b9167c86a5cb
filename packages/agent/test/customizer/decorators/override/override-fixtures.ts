import { OverrideCollectionDecorator } from '../../../../src/customizer/decorators/override/override-collection-decorator';
import { makeBooksLibrary } from '../../../factories/make-books-library';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/** An override layer over a counted in-memory `books` collection. */
export function createBooks() {
  const dataSource = makeBooksLibrary({ books: [{ id: 1, title: 'Dune' }] }, { authors: false });
  const child = dataSource.getCollection('books');

  return { child, books: new OverrideCollectionDecorator(child, dataSource) };
}
