// The public surface of @platform/datasource-sql: connection, introspection and collection schemas
// (`connection`, `introspection`, `schema`), and the data source that translates queries to SQL
// (`createSqlDataSource`, `SqlDataSource`, `SqlCollection` and the typed errors of their writes).
// Every public name is listed here, so a new one is a visible line in review.
export {
  DatabaseConnectionError,
  DatabaseUnavailableError,
  MissingDriverError,
  openConnection,
  type SqlConnection,
  type SqlConnectionParams,
  type SqlDatabase,
  type SqlDialectInput,
  type SqlDialectName,
  type SqliteConnectionOptions,
  type SqlServerConnectionOptions,
  type SqlServerFlavor,
  type SqlSslOptions,
  type SqlUriConnectionOptions,
} from './connection';
export { createSqlDataSource, type SqlDataSourceOptions } from './create-sql-data-source';
export {
  bigintValue,
  decimalValue,
  type IntrospectedColumn,
  type IntrospectedForeignKey,
  type IntrospectedTable,
  type Introspection,
  type IntrospectOptions,
  introspect,
  parseIntrospection,
} from './introspection';
export {
  ConstraintViolationError,
  ForeignKeyConstraintError,
  InvalidValueError,
  QueryTooLargeError,
  UniqueConstraintError,
} from './query/errors/database-errors';
export { type BuildCollectionSchemasOptions, buildCollectionSchemas } from './schema';
export { SqlCollection } from './sql-collection';
export { SqlDataSource } from './sql-data-source';
