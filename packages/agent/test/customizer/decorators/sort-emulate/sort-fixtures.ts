import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { SortEmulateCollectionDecorator } from '../../../../src/customizer/decorators/sort-emulate/sort-emulate-collection-decorator';
import { makeBooksLibrary } from '../../../factories/make-books-library';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/**
 * `books` and `authors`, whose `title` and `name` the data source cannot sort, and `notes`
 * without a primary key; every collection wrapped in the sort emulation layer.
 */
export function createLibrary() {
  const counting = makeBooksLibrary(
    {
      authors: [
        { id: 1, name: 'Ursula' },
        { id: 2, name: 'Iain' },
      ],
      books: [
        { id: 1, title: 'The Dispossessed', year: 1974, rating: 5, authorId: 1 },
        { id: 2, title: 'Excession', year: 1996, rating: 4, authorId: 2 },
        { id: 3, title: 'Look to Windward', year: 2000, rating: 4, authorId: 2 },
        { id: 4, title: 'Always Coming Home', year: 1985, rating: 3, authorId: 1 },
      ],
      notes: [{ text: 'b' }, { text: 'a' }],
    },
    {
      books: {
        fields: {
          title: { type: 'Column', columnType: 'String', isSortable: false },
          year: { type: 'Column', columnType: 'Number' },
          rating: { type: 'Column', columnType: 'Number' },
        },
      },
      authors: { fields: { name: { type: 'Column', columnType: 'String', isSortable: false } } },
      others: { notes: { fields: { text: { type: 'Column', columnType: 'String', isSortable: false } } } },
    },
  );
  const dataSource = new DataSourceDecorator(counting, SortEmulateCollectionDecorator);

  return {
    counting,
    books: dataSource.getCollection('books'),
    authors: dataSource.getCollection('authors'),
    notes: dataSource.getCollection('notes'),
  };
}
