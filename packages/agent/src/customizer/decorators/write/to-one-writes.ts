import {
  type Caller,
  type Collection,
  isRelation,
  type ManyToOneSchema,
  type OneToOneSchema,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';
import { isPlainObject } from './merge-patches';

/**
 * Helpers of the writes of records that carry nested to-one relations (`{ title, author: { name } }`): the
 * related records are created or updated in their own collection, one query per relation (not per
 * record), and the keys that link them are set.
 *
 * `collection` is the layer's own collection (its schema and sibling collections); `child` is the
 * collection below it, which receives the columns only.
 */
export interface RelationWriteTarget {
  readonly collection: Collection;
  readonly child: Collection;
}

export type ToOne = { readonly name: string; readonly schema: ManyToOneSchema | OneToOneSchema };

/** Creates `values` in the foreign collection of `schema`, in one query. */
export async function createRelated(
  collection: Collection,
  caller: Caller,
  schema: ManyToOneSchema | OneToOneSchema,
  values: RecordData[],
): Promise<RecordData[]> {
  if (values.length === 0) return [];

  return collection.dataSource.getCollection(schema.foreignCollection).create(caller, values);
}

/** The relations written in `records`. @throws ValidationError for to-many relations or non-object values. */
export function findRelations(collection: Collection, records: readonly RecordData[]): ToOne[] {
  const found = new Map<string, ToOne>();
  for (const record of records) {
    for (const [name, value] of Object.entries(record)) {
      const field = collection.schema.fields[name];
      if (!isRelation(field) || value === undefined) continue;
      if (field.type !== 'ManyToOne' && field.type !== 'OneToOne') {
        throw new ValidationError(
          `Cannot write '${collection.name}.${name}': it is a ${field.type} relation; only ManyToOne and OneToOne ` +
            'relations can be written with the record (use associate/dissociate for the others).',
          { details: { collection: collection.name, field: name } },
        );
      }
      if (value !== null && !isPlainObject(value)) {
        throw new ValidationError(
          `Invalid value for '${collection.name}.${name}': write a to-one relation as an object of its fields, or null.`,
          { details: { collection: collection.name, field: name } },
        );
      }
      found.set(name, { name, schema: field });
    }
  }

  return [...found.values()];
}

/** A copy of `record` without the relations' keys. */
export function withoutKeys(record: RecordData, relations: readonly ToOne[]): RecordData {
  const names = new Set(relations.map(({ name }) => name));

  return Object.fromEntries(Object.entries(record).filter(([key]) => !names.has(key)));
}

/** The non-null values, without duplicates (compared by their string form, as keys are). */
export function distinct(values: readonly unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const value of values) if (value !== null && value !== undefined) seen.set(String(value), value);

  return [...seen.values()];
}

/** The error of a record that gives a nested record and the foreign key that would link it. */
export function bothGiven(collection: Collection, relation: string, foreignKey: string): ValidationError {
  return new ValidationError(
    `Cannot write both '${collection.name}.${relation}' (a nested record) and its foreign key '${foreignKey}': give one.`,
    { details: { collection: collection.name, field: relation } },
  );
}
