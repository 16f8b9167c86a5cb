export * from './create-in-memory-data-source';
export type {
  InMemoryCollectionDefinition,
  InMemoryColumnDefinition,
  InMemoryDataSourceDefinition,
} from './in-memory-definition';
