import type { Collection, DataSource } from '@platform/datasource-toolkit';

/**
 * `inner` with some methods of some collections replaced. Each collection is wrapped once, so
 * the customization engine (which decorates collections by identity) sees stable objects.
 */
export function overrideCollections(
  inner: DataSource,
  overrides: { readonly [collectionName: string]: Partial<Collection> },
  close: () => Promise<void> = () => inner.close(),
): DataSource {
  const wrapped = new Map<string, Collection>(
    inner.collections.map((collection) => {
      const methods = overrides[collection.name];
      const proxy = methods
        ? (new Proxy(collection, {
            get: (target, property, receiver) =>
              property in methods ? methods[property as keyof Collection] : Reflect.get(target, property, receiver),
          }) as Collection)
        : collection;
      return [collection.name, proxy];
    }),
  );

  return {
    get collections() {
      return [...wrapped.values()];
    },
    schema: inner.schema,
    nativeQueryConnections: inner.nativeQueryConnections,
    getCollection: (name) => wrapped.get(name) ?? inner.getCollection(name),
    renderChart: (caller, name) => inner.renderChart(caller, name),
    executeNativeQuery: (connection, query) => inner.executeNativeQuery(connection, query),
    close,
  };
}
