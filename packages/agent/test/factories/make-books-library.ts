import {
  createInMemoryDataSource,
  type InMemoryCollectionDefinition,
  type InMemoryDataSourceDefinition,
  type RecordData,
} from '@platform/datasource-toolkit';
import { CountingDataSource } from './counting-collection';

const id = { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true } as const;

/** What a test changes in the library of `makeBooksLibrary`. */
export interface BooksLibraryOverrides {
  /** Merged into `books`, field by field (`authorId` and `author` stay last). */
  readonly books?: Partial<InMemoryCollectionDefinition>;
  /** Merged into `authors`, field by field; `false` for books without authors. */
  readonly authors?: Partial<InMemoryCollectionDefinition> | false;
  /** Collections beside books and authors. */
  readonly others?: InMemoryDataSourceDefinition;
}

/**
 * A small library for the tests of one decorator, smaller than the toolkit's `makeLibraryDataSource`
 * so that each test sees only the fields it is about: `books` (`id`, `title`, `authorId` and its
 * ManyToOne `author`) and `authors` (`id`, `name`), in memory, with every data call recorded. Ids
 * are generated on create.
 *
 * @example makeBooksLibrary({ books: [{ id: 1, title: 'Dune' }] }, { authors: false })
 */
export function makeBooksLibrary(
  records: Record<string, RecordData[]>,
  overrides: BooksLibraryOverrides = {},
): CountingDataSource {
  const { books = {}, authors = {}, others = {} } = overrides;
  const author = {
    authorId: { type: 'Column', columnType: 'Number' },
    author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' },
  } as const;
  const definition: InMemoryDataSourceDefinition = {
    books: {
      ...books,
      fields: { id, title: { type: 'Column', columnType: 'String' }, ...books.fields, ...(authors && author) },
    },
    ...(authors && {
      authors: { ...authors, fields: { id, name: { type: 'Column', columnType: 'String' }, ...authors.fields } },
    }),
    ...others,
  };

  return new CountingDataSource(createInMemoryDataSource(definition, records));
}
