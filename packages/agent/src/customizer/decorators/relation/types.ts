import type { ColumnType, RecordData } from '@platform/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/collection-customization-context';

/** `addManyToOneRelation`: this collection's `foreignKey` holds the foreign record's `foreignKeyTarget`. */
export interface ManyToOneOptions {
  readonly foreignKey: string;
  /** Defaults to the primary key of the foreign collection. */
  readonly foreignKeyTarget?: string;
}

/** `addOneToManyRelation`: the foreign collection's `originKey` holds this record's `originKeyTarget`. */
export interface OneToManyOptions {
  readonly originKey: string;
  /** Defaults to the primary key of this collection. */
  readonly originKeyTarget?: string;
}

/** `addOneToOneRelation`: as one-to-many, with at most one foreign record per record. */
export type OneToOneOptions = OneToManyOptions;

/** `addManyToManyRelation`: links stored in a through collection. */
export interface ManyToManyOptions {
  /** Field of the through collection pointing at this collection. */
  readonly originKey: string;
  /** Field of the through collection pointing at the foreign collection. */
  readonly foreignKey: string;
  readonly originKeyTarget?: string;
  readonly foreignKeyTarget?: string;
}

/**
 * `addExternalRelation`: records that live outside the data sources (an API, a file), read per
 * record. They appear as a read-only field holding an array of objects of `schema`.
 *
 * @example
 * collection.addExternalRelation('states', {
 *   schema: { code: 'Number', name: 'String' },
 *   listRecords: async ({ id }) => fetchStates(id),
 * });
 */
export interface ExternalRelationDefinition {
  /** The fields of one external record and their types. */
  readonly schema: { readonly [field: string]: ColumnType };
  /** The external records of one record. Called once per distinct record of a page, concurrently. */
  readonly listRecords: (
    record: RecordData,
    context: CollectionCustomizationContext,
  ) => readonly RecordData[] | Promise<readonly RecordData[]>;
  /** Fields of the record `listRecords` reads; defaults to the primary keys. */
  readonly dependencies?: readonly string[];
}
