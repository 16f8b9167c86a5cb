import {
  createInMemoryDataSource,
  type DataSource,
  type InMemoryDataSourceDefinition,
  type RecordData,
} from '@platform/datasource-toolkit';

const pk = { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true } as const;

/**
 * An in-memory library: books (ManyToOne author, OneToOne cover, OneToMany reviews, ManyToMany
 * tags through bookTags, whose primary key is composite), authors, tags and events (not countable).
 */
export function makeLibraryDataSource(
  records?: Record<string, RecordData[]>,
  definition: InMemoryDataSourceDefinition = makeLibraryDefinition(),
): DataSource {
  return createInMemoryDataSource(definition, records ?? makeLibraryRecords());
}

/**
 * The collections of the library. Books have a `status` enum with a default and segments listed
 * out of order, so tests can check sorting.
 */
export function makeLibraryDefinition(): InMemoryDataSourceDefinition {
  return {
    authors: {
      fields: {
        id: pk,
        name: { type: 'Column', columnType: 'String', allowNull: false },
        books: { type: 'OneToMany', foreignCollection: 'books', originKey: 'authorId', originKeyTarget: 'id' },
      },
    },
    books: {
      fields: {
        id: pk,
        title: { type: 'Column', columnType: 'String', allowNull: false },
        isbn: { type: 'Column', columnType: 'String', isSortable: false },
        publishedAt: { type: 'Column', columnType: 'Date' },
        price: { type: 'Column', columnType: 'Number' },
        status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'], defaultValue: 'draft' },
        authorId: { type: 'Column', columnType: 'Number' },
        author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' },
        cover: { type: 'OneToOne', foreignCollection: 'covers', originKey: 'bookId', originKeyTarget: 'id' },
        reviews: { type: 'OneToMany', foreignCollection: 'reviews', originKey: 'bookId', originKeyTarget: 'id' },
        tags: {
          type: 'ManyToMany',
          foreignCollection: 'tags',
          throughCollection: 'bookTags',
          originKey: 'bookId',
          originKeyTarget: 'id',
          foreignKey: 'tagId',
          foreignKeyTarget: 'id',
        },
      },
      segments: ['Classics', 'live', 'drafts'],
    },
    covers: {
      fields: {
        id: pk,
        url: { type: 'Column', columnType: 'String' },
        bookId: { type: 'Column', columnType: 'Number' },
      },
    },
    reviews: {
      fields: {
        id: pk,
        rating: { type: 'Column', columnType: 'Number' },
        bookId: { type: 'Column', columnType: 'Number' },
      },
    },
    tags: {
      fields: {
        id: pk,
        label: { type: 'Column', columnType: 'String' },
      },
    },
    bookTags: {
      fields: {
        bookId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        tagId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
      },
    },
    events: {
      fields: { id: pk, kind: { type: 'Column', columnType: 'String' } },
      countable: false,
      searchable: false,
    },
  };
}

/** Options of `makeLibraryRecords`. */
export interface LibraryRecordsOptions {
  /**
   * Adds an author without books (`3`, Octavia Butler) and a book without author (`4`, Anonymous
   * Pamphlet), for tests of empty and null relations. Off by default: many tests count the records.
   */
  readonly withOrphans?: boolean;
}

/**
 * Three books by two authors, with covers, reviews and tags.
 *
 * @example makeLibraryDataSource(makeLibraryRecords({ withOrphans: true }))
 */
export function makeLibraryRecords({ withOrphans = false }: LibraryRecordsOptions = {}): Record<string, RecordData[]> {
  const records = makeLinkedRecords();
  if (!withOrphans) return records;

  return {
    ...records,
    authors: [...(records.authors ?? []), { id: 3, name: 'Octavia Butler' }],
    books: [
      ...(records.books ?? []),
      { id: 4, title: 'Anonymous Pamphlet', isbn: null, publishedAt: null, price: 2, status: 'draft', authorId: null },
    ],
  };
}

function makeLinkedRecords(): Record<string, RecordData[]> {
  return {
    authors: [
      { id: 1, name: 'Frank Herbert' },
      { id: 2, name: 'Ursula Le Guin' },
    ],
    books: [
      {
        id: 1,
        title: 'Dune',
        isbn: '978-0441013593',
        publishedAt: '1965-08-01T00:00:00.000Z',
        price: 10,
        status: 'live',
        authorId: 1,
      },
      {
        id: 2,
        title: 'The Dispossessed',
        isbn: '978-0061054884',
        publishedAt: null,
        price: 8,
        status: 'live',
        authorId: 2,
      },
      { id: 3, title: 'Children of Dune', isbn: null, publishedAt: null, price: 12, status: 'draft', authorId: 1 },
    ],
    covers: [
      { id: 1, url: 'https://covers.example/dune.png', bookId: 1 },
      { id: 2, url: 'https://covers.example/spare.png', bookId: null },
    ],
    reviews: [
      { id: 1, rating: 5, bookId: 1 },
      { id: 2, rating: 4, bookId: 1 },
      { id: 3, rating: 3, bookId: 2 },
    ],
    tags: [
      { id: 1, label: 'sci-fi' },
      { id: 2, label: 'classic' },
      { id: 3, label: 'utopia' },
    ],
    bookTags: [
      { bookId: 1, tagId: 1 },
      { bookId: 1, tagId: 2 },
      { bookId: 2, tagId: 3 },
    ],
    events: [{ id: 1, kind: 'created' }],
  };
}
