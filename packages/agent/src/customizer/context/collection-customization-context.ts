import type { Caller, Collection, DataSource } from '@platform/datasource-toolkit';

/**
 * What a customization function (computed field, operator replacer, hook, segment...) receives
 * besides its own arguments: who asks, and the collection and data source at the layer that calls
 * it, to run further queries.
 */
export interface CollectionCustomizationContext {
  readonly caller: Caller;
  readonly collection: Collection;
  readonly dataSource: DataSource;
}

/** @internal */
export function createCollectionContext(collection: Collection, caller: Caller): CollectionCustomizationContext {
  return Object.freeze({ caller, collection, dataSource: collection.dataSource });
}
