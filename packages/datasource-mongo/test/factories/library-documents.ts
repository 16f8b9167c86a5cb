import type { MongoDocument, MongoIntrospection, MongoRelation } from '@platform/datasource-mongo';
import { makeLibraryRecords } from '@platform/datasource-toolkit/testing';

/**
 * The toolkit's library as MongoDB documents: each record's `id` is its `_id` (numbers, like a
 * collection migrated from SQL), dates are BSON dates. `bookTags` has a composite key in SQL; here
 * its documents get generated ObjectIds.
 */
export function makeLibraryDocuments(): Record<string, MongoDocument[]> {
  return Object.fromEntries(
    Object.entries(makeLibraryRecords()).map(([collection, records]) => [
      collection,
      records.map(({ id, ...fields }) => {
        const document: MongoDocument = id === undefined ? {} : { _id: id };
        for (const [name, value] of Object.entries(fields)) {
          document[name] = name === 'publishedAt' && typeof value === 'string' ? new Date(value) : value;
        }
        return document;
      }),
    ]),
  );
}

/**
 * The relations of the library. Its references are numbers, which sampling does not take for
 * references (only ObjectIds are), so the contract gives them back in the saved introspection.
 */
const LIBRARY_RELATIONS: Record<string, Record<string, MongoRelation>> = {
  authors: { books: { type: 'OneToMany', foreignCollection: 'books', originKey: 'authorId', originKeyTarget: '_id' } },
  books: {
    author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: '_id' },
    cover: { type: 'OneToOne', foreignCollection: 'covers', originKey: 'bookId', originKeyTarget: '_id' },
    reviews: { type: 'OneToMany', foreignCollection: 'reviews', originKey: 'bookId', originKeyTarget: '_id' },
  },
};

/** A sampled introspection of the library with its relations added, through JSON like a saved file. */
export function withLibraryRelations(introspection: MongoIntrospection): unknown {
  const collections = introspection.collections.map((collection) => ({
    ...collection,
    relations: { ...collection.relations, ...LIBRARY_RELATIONS[collection.name] },
  }));

  return JSON.parse(JSON.stringify({ ...introspection, collections }));
}
