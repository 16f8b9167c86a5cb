import { allowedOperatorsForColumnType, type CollectionSchema, type ColumnType } from '@platform/datasource-toolkit';
import { makeColumn, makeManyToOne, makeOneToMany, makeSchema } from './schema-factory';

const filterable = (columnType: ColumnType, overrides = {}) =>
  makeColumn(columnType, { filterOperators: allowedOperatorsForColumnType(columnType), ...overrides });

/**
 * Schemas of a small library: books (many-to-one author, one-to-many reviews), authors and
 * reviews. Every column can use every operator of its type unless a test overrides it.
 */
export function makeLibrarySchemas(): Record<string, CollectionSchema> {
  return {
    books: makeSchema({
      id: filterable('Number', { isPrimaryKey: true, isReadOnly: true, isAutoIncrement: true }),
      title: filterable('String', { allowNull: false }),
      status: filterable('Enum', { enumValues: ['Draft', 'Published'] }),
      publishedAt: filterable('Date'),
      releaseDay: filterable('Dateonly'),
      tags: filterable(['String']),
      price: filterable('Number', { isSortable: false }),
      isbn: makeColumn('String', { filterOperators: new Set(['Equal', 'In']) }),
      metadata: filterable({ pages: 'Number', format: 'String' }),
      authorId: filterable('Number'),
      author: makeManyToOne('authors', 'authorId'),
      reviews: makeOneToMany('reviews', 'bookId'),
    }),
    authors: makeSchema({
      id: filterable('Number', { isPrimaryKey: true }),
      name: filterable('String'),
      uuid: filterable('Uuid'),
    }),
    reviews: makeSchema({ id: filterable('Number', { isPrimaryKey: true }), bookId: filterable('Number') }),
  };
}
