import { ValidationError } from '../errors/errors';
import type { Operator } from '../query/operators';
import { allowedOperatorsForColumnType } from '../query/operators-by-type';
import {
  type ActionSchema,
  type CollectionSchema,
  type ColumnSchema,
  type FieldSchema,
  isRelation,
  type RelationSchema,
} from '../schema/collection-schema';

/** A column of an in-memory collection; `filterOperators` defaults to every operator of its type. */
export type InMemoryColumnDefinition = Omit<ColumnSchema, 'filterOperators'> & {
  readonly filterOperators?: ReadonlySet<Operator>;
};

/** One collection of `createInMemoryDataSource`: its fields and, optionally, the rest of its schema. */
export interface InMemoryCollectionDefinition {
  readonly fields: { readonly [fieldName: string]: InMemoryColumnDefinition | RelationSchema };
  readonly actions?: { readonly [actionName: string]: ActionSchema };
  readonly segments?: readonly string[];
  readonly countable?: boolean;
  readonly searchable?: boolean;
}

/** The collections of an in-memory data source, by name. */
export type InMemoryDataSourceDefinition = { readonly [collectionName: string]: InMemoryCollectionDefinition };

/**
 * The schema of each collection, with default filter operators.
 * @throws ValidationError when a relation names a collection that is not defined.
 */
export function toCollectionSchemas(definition: InMemoryDataSourceDefinition): Map<string, CollectionSchema> {
  const schemas = new Map<string, CollectionSchema>();
  for (const [name, collection] of Object.entries(definition)) {
    const fields: Record<string, FieldSchema> = {};
    for (const [fieldName, field] of Object.entries(collection.fields)) {
      if (isRelation(field as FieldSchema)) {
        assertCollection(definition, name, fieldName, (field as RelationSchema).foreignCollection);
        fields[fieldName] = field as RelationSchema;
      } else {
        const column = field as InMemoryColumnDefinition;
        fields[fieldName] = {
          ...column,
          filterOperators: column.filterOperators ?? allowedOperatorsForColumnType(column.columnType),
        };
      }
    }

    schemas.set(name, {
      fields,
      actions: collection.actions ?? {},
      segments: collection.segments ?? [],
      charts: [],
      countable: collection.countable ?? true,
      searchable: collection.searchable ?? true,
    });
  }

  return schemas;
}

function assertCollection(definition: InMemoryDataSourceDefinition, from: string, field: string, target: string): void {
  if (definition[target] === undefined) {
    throw new ValidationError(
      `Relation '${from}.${field}' points at '${target}', which is not defined. Collections: ${Object.keys(definition).join(', ')}.`,
    );
  }
}
