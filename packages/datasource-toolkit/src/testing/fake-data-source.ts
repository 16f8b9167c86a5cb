import type { Collection, CollectionSchema, DataSource } from '@platform/datasource-toolkit';

/**
 * A data source whose collections only have a name and a schema; every query method rejects.
 * For units that read schemas through `collection.dataSource.getCollection`.
 */
export function makeFakeDataSource(schemas: Record<string, CollectionSchema>): DataSource {
  const unsupported = () => Promise.reject(new Error('Not supported by the fake data source.'));
  const collections: Collection[] = [];
  const dataSource: DataSource = {
    collections,
    schema: { charts: [] },
    nativeQueryConnections: [],
    getCollection(name) {
      const collection = collections.find((candidate) => candidate.name === name);
      if (!collection) throw new Error(`No collection '${name}'.`);

      return collection;
    },
    renderChart: unsupported,
    executeNativeQuery: unsupported,
    close: () => Promise.resolve(),
  };
  for (const [name, schema] of Object.entries(schemas)) {
    collections.push({
      name,
      schema,
      dataSource,
      list: unsupported,
      aggregate: unsupported,
      create: unsupported,
      update: unsupported,
      delete: unsupported,
      execute: unsupported,
      getForm: unsupported,
      renderChart: unsupported,
    });
  }

  return dataSource;
}
