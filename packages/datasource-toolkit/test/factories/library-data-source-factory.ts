import { createInMemoryDataSource, type DataSource, type RecordData } from '@platform/datasource-toolkit';

/**
 * An in-memory library: books (many-to-one author), authors (one-to-one passport) and passports.
 * Tests pass their own records, or get three books by two authors.
 */
export function makeLibraryDataSource(records?: Record<string, RecordData[]>): DataSource {
  return createInMemoryDataSource(
    {
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true, isSortable: true },
          title: { type: 'Column', columnType: 'String', allowNull: false, isSortable: true },
          status: { type: 'Column', columnType: 'Enum', enumValues: ['Draft', 'Published'], defaultValue: 'Draft' },
          publishedAt: { type: 'Column', columnType: 'Date', isSortable: true },
          price: { type: 'Column', columnType: 'Number', isSortable: true },
          metadata: { type: 'Column', columnType: 'Json' },
          authorId: { type: 'Column', columnType: 'Number' },
          author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' },
        },
        segments: ['Classics'],
      },
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
          passport: { type: 'OneToOne', foreignCollection: 'passports', originKey: 'authorId', originKeyTarget: 'id' },
        },
      },
      passports: {
        fields: {
          code: { type: 'Column', columnType: 'String', isPrimaryKey: true },
          country: { type: 'Column', columnType: 'String' },
          authorId: { type: 'Column', columnType: 'Number' },
        },
        searchable: false,
      },
    },
    records ?? {
      authors: [
        { id: 1, name: 'Frank Herbert' },
        { id: 2, name: 'Ursula Le Guin' },
      ],
      passports: [{ code: 'US-1', country: 'US', authorId: 2 }],
      books: [
        { id: 1, title: 'Dune', status: 'Published', publishedAt: '1965-08-01T00:00:00Z', price: 10, authorId: 1 },
        {
          id: 2,
          title: 'The Dispossessed',
          status: 'Published',
          publishedAt: '1974-05-01T00:00:00Z',
          price: 8,
          authorId: 2,
        },
        { id: 3, title: 'Untitled', price: null, authorId: null },
      ],
    },
  );
}
