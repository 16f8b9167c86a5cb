import { createInMemoryDataSource } from '@platform/datasource-toolkit';
import { CountingDataSource } from '../../../factories/counting-collection';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/** `books` with a native segment `classics`, and a ManyToOne `author`. */
export function createLibrary(): CountingDataSource {
  return new CountingDataSource(
    createInMemoryDataSource(
      {
        books: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            title: { type: 'Column', columnType: 'String' },
            status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'] },
            ownerId: { type: 'Column', columnType: 'Number' },
            authorId: { type: 'Column', columnType: 'Number' },
            author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' },
          },
          segments: ['classics'],
        },
        authors: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            name: { type: 'Column', columnType: 'String' },
          },
        },
      },
      {
        authors: [
          { id: 1, name: 'Ursula' },
          { id: 2, name: 'Iain' },
        ],
        books: [
          { id: 1, title: 'The Dispossessed', status: 'live', ownerId: 1, authorId: 1 },
          { id: 2, title: 'The Left Hand of Darkness', status: 'draft', ownerId: 2, authorId: 1 },
          { id: 3, title: 'Excession', status: 'live', ownerId: 2, authorId: 2 },
        ],
      },
    ),
  );
}
