import type {
  CollectionSchema,
  ColumnSchema,
  ColumnType,
  FieldSchema,
  ManyToOneSchema,
  OneToManySchema,
} from '@platform/datasource-toolkit';

/** A column schema; filterOperators defaults to none, each test adds what it needs. */
export function makeColumn(columnType: ColumnType, overrides: Partial<ColumnSchema> = {}): ColumnSchema {
  return { type: 'Column', columnType, filterOperators: new Set(), isSortable: true, ...overrides };
}

export function makeManyToOne(foreignCollection: string, foreignKey: string, foreignKeyTarget = 'id'): ManyToOneSchema {
  return { type: 'ManyToOne', foreignCollection, foreignKey, foreignKeyTarget };
}

export function makeOneToMany(foreignCollection: string, originKey: string, originKeyTarget = 'id'): OneToManySchema {
  return { type: 'OneToMany', foreignCollection, originKey, originKeyTarget };
}

/** A collection schema with the given fields and empty actions, segments and charts. */
export function makeSchema(
  fields: Record<string, FieldSchema>,
  overrides: Partial<Omit<CollectionSchema, 'fields'>> = {},
): CollectionSchema {
  return { fields, actions: {}, segments: [], charts: [], countable: true, searchable: false, ...overrides };
}
