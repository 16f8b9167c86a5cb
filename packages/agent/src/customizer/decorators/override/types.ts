import type { Filter, RecordData } from '@platform/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/collection-customization-context';

/**
 * The context of an override. Its `collection` is the collection as the data source serves it,
 * below the override: a handler may call `context.collection.create(context.caller, data)` to
 * delegate to the original write without running into itself.
 */
export interface OverrideCreateContext extends CollectionCustomizationContext {
  /** The records to create, as every layer above prepared them. */
  readonly data: RecordData[];
}

export interface OverrideUpdateContext extends CollectionCustomizationContext {
  readonly filter: Filter;
  readonly patch: RecordData;
}

export interface OverrideDeleteContext extends CollectionCustomizationContext {
  readonly filter: Filter;
}

/**
 * Replaces the creation of records; returns the created records (with their ids).
 *
 * @example
 * collection.overrideCreate(async ({ data }) => {
 *   const response = await api.post('/books', data);
 *   return response.books;
 * });
 */
export type OverrideCreateHandler = (context: OverrideCreateContext) => Promise<RecordData[]> | RecordData[];

/** Replaces an update: the records of `filter` receive `patch`. */
export type OverrideUpdateHandler = (context: OverrideUpdateContext) => Promise<void> | void;

/** Replaces a deletion of the records of `filter`. */
export type OverrideDeleteHandler = (context: OverrideDeleteContext) => Promise<void> | void;
