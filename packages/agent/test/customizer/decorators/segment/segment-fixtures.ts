import type { CountingDataSource } from '../../../factories/counting-collection';
import { makeBooksLibrary } from '../../../factories/make-books-library';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/** `books` with a native segment `classics`, and a ManyToOne `author`. */
export function createLibrary(): CountingDataSource {
  return makeBooksLibrary(
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
    {
      books: {
        fields: {
          status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'] },
          ownerId: { type: 'Column', columnType: 'Number' },
        },
        segments: ['classics'],
      },
    },
  );
}
