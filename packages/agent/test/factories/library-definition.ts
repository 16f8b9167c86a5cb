import {
  createInMemoryDataSource,
  type DataSource,
  type InMemoryDataSourceDefinition,
  type RecordData,
} from '@platform/datasource-toolkit';
import { CountingDataSource } from './counting-collection';

/**
 * A small library: authors, books (with a native `author` relation) and reviews (linked to books
 * by `bookId` only, so relations to them must be added by the customizer).
 */
export function libraryDefinition(): InMemoryDataSourceDefinition {
  return {
    authors: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
        firstName: { type: 'Column', columnType: 'String' },
        lastName: { type: 'Column', columnType: 'String' },
        countryCode: { type: 'Column', columnType: 'String' },
      },
    },
    books: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
        title: { type: 'Column', columnType: 'String' },
        price: { type: 'Column', columnType: 'Number' },
        authorId: { type: 'Column', columnType: 'Number' },
        author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' },
      },
    },
    reviews: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
        bookId: { type: 'Column', columnType: 'Number' },
        rating: { type: 'Column', columnType: 'Number' },
        body: { type: 'Column', columnType: 'String' },
      },
    },
  };
}

export function libraryRecords(): Record<string, RecordData[]> {
  return {
    authors: [
      { id: 1, firstName: 'Ursula', lastName: 'Le Guin', countryCode: 'US' },
      { id: 2, firstName: 'Italo', lastName: 'Calvino', countryCode: 'IT' },
      { id: 3, firstName: 'Stanisław', lastName: 'Lem', countryCode: 'PL' },
    ],
    books: [
      { id: 1, title: 'The Dispossessed', price: 12, authorId: 1 },
      { id: 2, title: 'The Left Hand of Darkness', price: 10, authorId: 1 },
      { id: 3, title: 'Invisible Cities', price: 9, authorId: 2 },
      { id: 4, title: 'Solaris', price: 11, authorId: 3 },
      { id: 5, title: 'Anonymous Pamphlet', price: 2, authorId: null },
    ],
    reviews: [
      { id: 1, bookId: 1, rating: 5, body: 'Stunning' },
      { id: 2, bookId: 1, rating: 4, body: 'Dense' },
      { id: 3, bookId: 4, rating: 3, body: 'Strange' },
    ],
  };
}

/** The library in memory, with every data call of its collections recorded. */
export function makeLibrary(
  definition: InMemoryDataSourceDefinition = libraryDefinition(),
  records: Record<string, RecordData[]> = libraryRecords(),
): CountingDataSource {
  return new CountingDataSource(createInMemoryDataSource(definition, records) as DataSource);
}
