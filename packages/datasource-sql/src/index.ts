// The public surface of @platform/datasource-sql: connection, introspection and collection schemas
// (`connection`, `introspection`, `schema`), and the data source that translates queries to SQL
// (`createSqlDataSource`, `SqlDataSource`, `SqlCollection` and the typed errors of their writes).
export * from './connection';
export { createSqlDataSource, type SqlDataSourceOptions } from './create-sql-data-source';
export * from './introspection';
export {
  ConstraintViolationError,
  ForeignKeyConstraintError,
  UniqueConstraintError,
} from './query/errors/database-errors';
export * from './schema';
export { SqlCollection } from './sql-collection';
export { SqlDataSource } from './sql-data-source';
