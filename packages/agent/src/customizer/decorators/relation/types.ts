import type { ColumnType, RecordData } from '@platform/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/collection-customization-context';

/** `addManyToOneRelation`: this collection's `foreignKey` holds the foreign record's `foreignKeyTarget`. */
export interface ManyToOneOptions<Key extends string = string, Target extends string = string> {
  readonly foreignKey: Key;
  /** Defaults to the primary key of the foreign collection. */
  readonly foreignKeyTarget?: Target;
}

/** `addOneToManyRelation`: the foreign collection's `originKey` holds this record's `originKeyTarget`. */
export interface OneToManyOptions<Key extends string = string, Target extends string = string> {
  readonly originKey: Key;
  /** Defaults to the primary key of this collection. */
  readonly originKeyTarget?: Target;
}

/** `addOneToOneRelation`: as one-to-many, with at most one foreign record per record. */
export type OneToOneOptions<Key extends string = string, Target extends string = string> = OneToManyOptions<
  Key,
  Target
>;

/** `addManyToManyRelation`: links stored in a through collection. */
export interface ManyToManyOptions<
  ThroughKey extends string = string,
  OriginTarget extends string = string,
  ForeignTarget extends string = string,
> {
  /** Field of the through collection pointing at this collection. */
  readonly originKey: ThroughKey;
  /** Field of the through collection pointing at the foreign collection. */
  readonly foreignKey: ThroughKey;
  readonly originKeyTarget?: OriginTarget;
  readonly foreignKeyTarget?: ForeignTarget;
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
