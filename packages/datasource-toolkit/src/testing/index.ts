// The test kit of @platform/datasource-toolkit (`@platform/datasource-toolkit/testing`): factories
// that tests of every package share. Not part of the runtime surface.
export {
  type CollectionContractOptions,
  type ContractDataSource,
  runCollectionContract,
} from './contract/run-collection-contract';
export { makeFakeDataSource } from './fake-data-source';
export {
  type LibraryRecordsOptions,
  makeLibraryDataSource,
  makeLibraryDefinition,
  makeLibraryRecords,
} from './library-data-source';
export { makeLibrarySchemas } from './library-schemas';
export { makeCaller } from './make-caller';
export { makeColumn, makeManyToOne, makeOneToMany, makeSchema } from './schema-factory';
export {
  makeBooksCollection,
  makeConditionTreeDataSource,
  makeConditionTreeSchema,
  type SchemaOnlyFields,
} from './schema-only-data-source';
