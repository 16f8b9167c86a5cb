import type { InMemoryCollectionDefinition } from '@platform/datasource-toolkit';
import type { CountingDataSource } from '../../../factories/counting-collection';
import { makeBooksLibrary } from '../../../factories/make-books-library';

export const ISBN = '0f8fad5b-d9cb-469f-a165-70867728950e';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/** `books` (not natively searchable unless told) with a ManyToOne `author`. */
export function createLibrary(books: Partial<InMemoryCollectionDefinition> = {}): CountingDataSource {
  return makeBooksLibrary(
    {
      authors: [
        { id: 1, name: 'Ursula Le Guin' },
        { id: 2, name: 'Iain Banks' },
      ],
      books: [
        { id: 1, title: 'The Dispossessed', isbn: ISBN, status: 'live', authorId: 1 },
        { id: 2, title: 'The Left Hand of Darkness', status: 'draft', authorId: 1 },
        { id: 3, title: 'Excession', status: 'live', authorId: 2 },
        { id: 42, title: 'Look to Windward', status: 'draft', authorId: 2 },
      ],
    },
    {
      books: {
        fields: {
          isbn: { type: 'Column', columnType: 'Uuid' },
          status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'] },
          publishedAt: { type: 'Column', columnType: 'Date' },
        },
        searchable: false,
        ...books,
      },
    },
  );
}
