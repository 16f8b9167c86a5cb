import type { Logger } from '@platform/datasource-toolkit';
import { CompiledQuery, type DatabaseConnection, Kysely, MysqlDialect, sql } from 'kysely';
import type { PoolOptions, TypeCast } from 'mysql2';
import { connectionFailure } from '../../connection/connection-failure';
import { loadDriver } from '../../connection/load-driver';
import { queryLog } from '../../connection/query-log';
import type { ResolvedServerOptions } from '../../connection/resolved-connection-options';
import type { SqlDatabase } from '../../connection/sql-connection';
import { decimalValue } from '../../introspection/value-rules';
import type { DialectConnection } from '../sql-dialect';

/** Opens a mysql2 pool behind Kysely and checks the server answers. @internal */
export async function connectMysql(options: ResolvedServerOptions, logger: Logger): Promise<DialectConnection> {
  const mysql = await loadDriver('mysql2');
  const pool = mysql.createPool(poolOptions(options));
  const onCreateConnection =
    options.statementTimeoutMs === undefined ? undefined : statementTimeoutSetter(options.statementTimeoutMs);
  const db: SqlDatabase = new Kysely({
    dialect: new MysqlDialect({ pool, onCreateConnection }),
    log: queryLog(logger),
  });
  try {
    const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
    const serverVersion = rows[0]?.version ?? 'unknown';
    return { db, flavor: isMariaDb(serverVersion) ? 'mariadb' : 'mysql', serverVersion };
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw connectionFailure(error, {
      label: `${options.requestedFlavor === 'mariadb' ? 'MariaDB' : 'MySQL'} at ${options.host}:${options.port}`,
      database: options.database,
      username: options.username,
    });
  }
}

function poolOptions(options: ResolvedServerOptions): PoolOptions {
  return {
    host: options.host,
    port: options.port,
    database: options.database,
    user: options.username,
    password: options.password,
    ssl: options.ssl === true ? {} : options.ssl === false ? undefined : options.ssl,
    connectionLimit: options.poolSize,
    connectTimeout: options.connectTimeoutMs,
    charset: 'utf8mb4',
    // DATETIME/TIMESTAMP values are read and written as UTC.
    timezone: 'Z',
    dateStrings: ['DATE'],
    // BIGINT: a number when safe, else a string (value-rules.ts).
    supportBigNumbers: true,
    bigNumberStrings: false,
    typeCast,
  };
}

const typeCast: TypeCast = (field, next) => {
  if (field.type === 'TINY' && field.length === 1) {
    const text = field.string();
    return text === null ? null : text !== '0';
  }
  if (field.type === 'NEWDECIMAL' || field.type === 'DECIMAL') {
    const text = field.string();
    return text === null ? null : decimalValue(text);
  }
  // MariaDB's JSON is LONGTEXT; 10.5+ flags it in the column metadata.
  if (field.extendedFormat === 'json') {
    const text = field.string();
    return text === null ? null : JSON.parse(text);
  }
  return next();
};

// MariaDB and MySQL spell the statement timeout differently; a mysql:// URI may reach either, so
// each new connection asks the server which one it is.
function statementTimeoutSetter(timeoutMs: number): (connection: DatabaseConnection) => Promise<void> {
  return async (connection) => {
    const { rows } = await connection.executeQuery<{ version: string }>(
      CompiledQuery.raw('select version() as version'),
    );
    const statement = isMariaDb(rows[0]?.version ?? '')
      ? `set session max_statement_time = ${timeoutMs / 1000}`
      : `set session max_execution_time = ${timeoutMs}`;
    await connection.executeQuery(CompiledQuery.raw(statement));
  };
}

function isMariaDb(version: string): boolean {
  return /mariadb/i.test(version);
}
