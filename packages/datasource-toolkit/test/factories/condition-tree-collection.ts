import type { Collection, CollectionSchema, ColumnType, DataSource, FieldSchema } from '@platform/datasource-toolkit';

type Fields = Record<string, ColumnType | FieldSchema>;

/**
 * Collections that only have a schema, for evaluating condition trees in memory. Each entry of
 * `collections` maps a field name to a column type (or a full field schema for relations); the
 * field `id` is the primary key when present.
 */
export function makeConditionTreeDataSource(collections: Record<string, Fields>): DataSource {
  const byName = new Map<string, Collection>();
  const dataSource = {
    collections: [] as Collection[],
    schema: { charts: [] },
    nativeQueryConnections: [],
    getCollection(name: string): Collection {
      const collection = byName.get(name);
      if (!collection) throw new Error(`No collection '${name}'.`);

      return collection;
    },
  } as unknown as DataSource;
  for (const [name, fields] of Object.entries(collections)) {
    const collection = { name, dataSource, schema: makeConditionTreeSchema(fields) } as unknown as Collection;
    byName.set(name, collection);
    (dataSource.collections as Collection[]).push(collection);
  }

  return dataSource;
}

export function makeConditionTreeSchema(fields: Fields, primaryKeys: readonly string[] = ['id']): CollectionSchema {
  const schemaFields: Record<string, FieldSchema> = {};
  for (const [name, field] of Object.entries(fields)) {
    schemaFields[name] = isFieldSchema(field)
      ? field
      : { type: 'Column', columnType: field, filterOperators: new Set(), isPrimaryKey: primaryKeys.includes(name) };
  }

  return { fields: schemaFields, actions: {}, segments: [], charts: [], countable: true, searchable: false };
}

/** A `books` collection with a column of each type and a ManyToOne `author`. */
export function makeBooksCollection(): Collection {
  return makeConditionTreeDataSource({
    books: {
      id: 'Number',
      title: 'String',
      price: 'Number',
      publishedAt: 'Date',
      releaseDay: 'Dateonly',
      opensAt: 'Time',
      isbn: 'Uuid',
      genre: 'Enum',
      tags: ['String'],
      meta: 'Json',
      available: 'Boolean',
      authorId: 'Number',
      author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' },
    },
    authors: { id: 'Number', name: 'String', birthDay: 'Dateonly' },
  }).getCollection('books');
}

function isFieldSchema(field: ColumnType | FieldSchema): field is FieldSchema {
  return typeof field === 'object' && !Array.isArray(field) && typeof (field as { type?: unknown }).type === 'string';
}
