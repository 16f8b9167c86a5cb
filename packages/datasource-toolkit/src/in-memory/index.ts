// A data source that keeps records in memory, for tests, demos and small static data.
export { createInMemoryDataSource } from './create-in-memory-data-source';
export type {
  InMemoryCollectionDefinition,
  InMemoryColumnDefinition,
  InMemoryDataSourceDefinition,
} from './in-memory-definition';
