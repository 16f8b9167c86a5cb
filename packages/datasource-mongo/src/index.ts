// The public surface of @platform/datasource-mongo: every name is listed here.
export type { MongoConnectionParams } from './connection/mongo-connection-params';
export type {
  MongoClientLike,
  MongoCollectionLike,
  MongoCursorLike,
  MongoDatabase,
  MongoDocument,
  ObjectIdClass,
} from './connection/mongo-driver';
export { createMongoDataSource, type MongoDataSourceOptions } from './create-mongo-data-source';
export {
  MONGO_SCALAR_TYPES,
  type MongoFieldType,
  type MongoIntrospectedCollection,
  type MongoIntrospection,
  type MongoRelation,
  type MongoScalarType,
  parseIntrospection,
} from './introspection/mongo-introspection';
export type { MongoCollection } from './mongo-collection';
export type { MongoDataSource } from './mongo-data-source';
