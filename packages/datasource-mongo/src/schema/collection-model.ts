import type { CollectionSchema, ColumnType } from '@platform/datasource-toolkit';
import type { MongoFieldType, MongoRelation } from '../introspection/mongo-introspection';

/** A column: its name in the schema, where it lives in documents, and its types. @internal */
export interface ColumnModel {
  readonly name: string;
  /** The document field (`_id` for the primary key, whatever it is called in the schema). */
  readonly path: string;
  readonly columnType: ColumnType;
  readonly mongoType: MongoFieldType;
}

/** Everything the query translation knows of a collection. @internal */
export interface CollectionModel {
  readonly name: string;
  readonly schema: CollectionSchema;
  readonly columns: ReadonlyMap<string, ColumnModel>;
  /** Relations by schema name; their keys are document fields. */
  readonly relations: { readonly [name: string]: MongoRelation };
  /** The MongoDB collection holding the documents (the parent's, for a virtual collection). */
  readonly source: string;
  /** Set on a virtual collection: the array field of the parent its records come from. */
  readonly virtualField?: string;
}

export type ModelLookup = (name: string) => CollectionModel;
