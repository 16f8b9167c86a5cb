import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { WriteCollectionDecorator } from '../../../../src/customizer/decorators/write/write-collection-decorator';
import { makeBooksLibrary } from '../../../factories/make-books-library';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/**
 * books (ManyToOne author, read-only `label`) -> authors (OneToOne profile, OneToMany books) ->
 * profiles; every collection wrapped in the write layer, over counted in-memory collections.
 */
export function createLibrary() {
  const counting = makeBooksLibrary(
    {
      authors: [
        { id: 1, name: 'Ursula' },
        { id: 2, name: 'Iain' },
      ],
      profiles: [{ id: 1, bio: 'Earthsea', authorId: 1 }],
      books: [
        { id: 1, title: 'The Dispossessed', authorId: 1 },
        { id: 2, title: 'Excession', authorId: 2 },
        { id: 3, title: 'Untitled' },
      ],
    },
    {
      books: {
        fields: {
          subtitle: { type: 'Column', columnType: 'String' },
          label: { type: 'Column', columnType: 'String', isReadOnly: true },
        },
      },
      authors: {
        fields: {
          profile: { type: 'OneToOne', foreignCollection: 'profiles', originKey: 'authorId', originKeyTarget: 'id' },
          books: { type: 'OneToMany', foreignCollection: 'books', originKey: 'authorId', originKeyTarget: 'id' },
        },
      },
      others: {
        profiles: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
            bio: { type: 'Column', columnType: 'String' },
            authorId: { type: 'Column', columnType: 'Number' },
          },
        },
      },
    },
  );
  const dataSource = new DataSourceDecorator(counting, WriteCollectionDecorator);

  return {
    counting,
    dataSource,
    books: dataSource.getCollection('books'),
    authors: dataSource.getCollection('authors'),
    childOf: (name: 'books' | 'authors' | 'profiles') => counting.getCollection(name),
  };
}
