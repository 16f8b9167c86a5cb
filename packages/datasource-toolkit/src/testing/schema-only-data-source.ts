import type { Collection, CollectionSchema, ColumnType, DataSource, FieldSchema } from '@platform/datasource-toolkit';
import { makeFakeDataSource } from './fake-data-source';
import { makeSchema } from './schema-factory';

/** The fields of a schema-only collection: a column type, or a full field schema for relations. */
export type SchemaOnlyFields = Record<string, ColumnType | FieldSchema>;

/**
 * A data source whose collections only have a schema, for evaluating condition trees in memory.
 * Each entry of `collections` maps a field name to a column type (or a full field schema for
 * relations); the field `id` is the primary key when present.
 */
export function makeConditionTreeDataSource(collections: Record<string, SchemaOnlyFields>): DataSource {
  const schemas: Record<string, CollectionSchema> = {};
  for (const [name, fields] of Object.entries(collections)) schemas[name] = makeConditionTreeSchema(fields);

  return makeFakeDataSource(schemas);
}

/** A collection schema of `fields`, whose columns accept no operator and are not sortable. */
export function makeConditionTreeSchema(
  fields: SchemaOnlyFields,
  primaryKeys: readonly string[] = ['id'],
): CollectionSchema {
  const schemaFields: Record<string, FieldSchema> = {};
  for (const [name, field] of Object.entries(fields)) {
    schemaFields[name] = isFieldSchema(field)
      ? field
      : { type: 'Column', columnType: field, filterOperators: new Set(), isPrimaryKey: primaryKeys.includes(name) };
  }

  return makeSchema(schemaFields);
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
