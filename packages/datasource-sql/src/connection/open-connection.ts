import type { Logger } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import { getSqlDialect } from '../dialects/get-sql-dialect';
import { DatabaseConnectionError } from './connection-errors';
import type { SqlConnectionParams } from './connection-params';
import { resolveConnectionParams } from './resolve-connection-params';
import type { SqlConnection, SqlDatabase } from './sql-connection';

const silentLogger: Logger = () => undefined;

/**
 * Opens a pool of connections to a PostgreSQL, MySQL/MariaDB or SQLite database and checks that
 * it answers. The driver (`pg`, `mysql2` or `better-sqlite3`) is loaded now, from the user's
 * dependencies.
 *
 * @example
 * const connection = await openConnection('postgres://app@localhost/shop?schema=sales');
 * const rows = await connection.db.selectFrom('orders').selectAll().execute();
 * await connection.close();
 *
 * @throws ValidationError when `params` are malformed (every bad field is named)
 * @throws MissingDriverError when the dialect's driver package is not installed
 * @throws DatabaseConnectionError when the database cannot be reached or refuses the connection
 */
export async function openConnection(
  params: SqlConnectionParams,
  logger: Logger = silentLogger,
): Promise<SqlConnection> {
  const options = resolveConnectionParams(params);
  const dialect = getSqlDialect(options.dialect);
  const opened = await dialect.connect(options, logger);
  const schema = options.dialect === 'postgres' ? (options.schema ?? 'public') : undefined;
  if (schema !== undefined && schema !== 'public') await assertSchemaExists(opened.db, schema);

  let closing: Promise<void> | undefined;
  return {
    db: schema === undefined || schema === 'public' ? opened.db : opened.db.withSchema(schema),
    dialect: options.dialect,
    flavor: opened.flavor,
    serverVersion: opened.serverVersion,
    schema,
    close() {
      closing ??= opened.db.destroy();
      return closing;
    },
  };

  async function assertSchemaExists(db: SqlDatabase, name: string): Promise<void> {
    const { rows } = await sql<{ nspname: string }>`
      select nspname from pg_namespace
      where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by nspname`.execute(db);
    if (rows.some((row) => row.nspname === name)) return;
    await db.destroy();
    throw new DatabaseConnectionError(
      `Schema "${name}" does not exist in this database; existing schemas: ${rows.map((row) => row.nspname).join(', ')}.`,
      { details: { schema: name } },
    );
  }
}
