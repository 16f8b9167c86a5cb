import type { DataSourceFactory, Logger } from '@platform/datasource-toolkit';
import type { SqlConnectionParams } from './connection/connection-params';
import { openConnection } from './connection/open-connection';
import type { SqlConnection } from './connection/sql-connection';
import { getSqlDialect } from './dialects/get-sql-dialect';
import { introspect } from './introspection/introspect';
import type { Introspection } from './introspection/introspection';
import { buildTableModels } from './query/build-table-models';
import { buildCollectionSchemas } from './schema/build-collection-schemas';
import { SqlDataSource } from './sql-data-source';

/** Options of `createSqlDataSource`. */
export interface SqlDataSourceOptions {
  /**
   * A stored introspection (see `introspect` and `parseIntrospection`): the schema is built from
   * it without reading the database's catalog. The connection still opens, on the first query.
   */
  readonly introspection?: Introspection;
  /** Only these tables and views become collections. */
  readonly include?: readonly string[];
  /** These tables and views do not become collections. */
  readonly exclude?: readonly string[];
  /**
   * Primary key of views and tables that have none (they are skipped otherwise).
   * @example { published_books: ['id'] }
   */
  readonly primaryKeys?: Readonly<Record<string, readonly string[]>>;
  /** Name of the connection on which `executeNativeQuery` runs raw SQL (charts, segments). */
  readonly liveQueryConnections?: string;
}

/**
 * A data source over a PostgreSQL, MySQL/MariaDB or SQLite database: one collection per table and
 * view, relations from foreign keys.
 *
 * @example
 * agent.addDataSource(createSqlDataSource('postgres://app:secret@localhost:5432/shop', { exclude: ['audit_logs'] }));
 *
 * @param uriOrOptions a URI (`postgres://`, `mysql://`, `mariadb://`, `sqlite:file.db`) or connection options.
 */
export function createSqlDataSource(
  uriOrOptions: SqlConnectionParams,
  options: SqlDataSourceOptions = {},
): DataSourceFactory {
  return async (logger: Logger) => {
    let connection: SqlConnection | undefined;
    let introspection = options.introspection;
    if (!introspection) {
      connection = await openConnection(uriOrOptions, logger);
      try {
        introspection = await introspect(connection.db, connection.dialect, { schema: connection.schema, logger });
      } catch (error) {
        await connection.close();
        throw error;
      }
    }

    const flavor = getSqlDialect(introspection.dialect).flavor;
    const schemas = buildCollectionSchemas(introspection, {
      include: options.include,
      exclude: options.exclude,
      primaryKeys: options.primaryKeys,
      logger,
    });
    const models = buildTableModels(introspection, schemas, flavor);
    const opened = connection;

    return new SqlDataSource({
      dialect: introspection.dialect,
      models,
      connect: opened ? async () => opened : () => openConnection(uriOrOptions, logger),
      nativeQueryConnection: options.liveQueryConnections,
    });
  };
}
