export { type BuildCollectionSchemasOptions, buildCollectionSchemas } from './build-collection-schemas';
