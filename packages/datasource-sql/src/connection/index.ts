export { DatabaseConnectionError, DatabaseUnavailableError, MissingDriverError } from './connection-errors';
export type {
  SqlConnectionParams,
  SqlDialectInput,
  SqliteConnectionOptions,
  SqlServerConnectionOptions,
  SqlSslOptions,
  SqlUriConnectionOptions,
} from './connection-params';
export { openConnection } from './open-connection';
export type { SqlDialectName } from './resolved-connection-options';
export type { SqlConnection, SqlDatabase, SqlServerFlavor } from './sql-connection';
