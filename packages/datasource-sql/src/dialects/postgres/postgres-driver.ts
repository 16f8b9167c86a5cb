import type { Logger } from '@platform/datasource-toolkit';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import type { CustomTypesConfig, Pool, PoolConfig } from 'pg';
import { connectionFailure } from '../../connection/connection-failure';
import { loadDriver } from '../../connection/load-driver';
import { queryLog } from '../../connection/query-log';
import type { ResolvedServerOptions } from '../../connection/resolved-connection-options';
import type { SqlDatabase } from '../../connection/sql-connection';
import { bigintValue, decimalValue } from '../../introspection/value-rules';
import { QueryTooLargeError } from '../../query/errors/database-errors';
import { POSTGRES_MAX_PARAMETERS } from '../../query/errors/statement-limits';
import type { DialectConnection } from '../sql-dialect';

const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, interval: 1186, circle: 718 } as const;

/** Opens a pg pool behind Kysely and checks the server answers. @internal */
export async function connectPostgres(options: ResolvedServerOptions, logger: Logger): Promise<DialectConnection> {
  const pg = await loadDriver('pg');
  const pool = new pg.Pool(poolConfig(options, valueParsers(pg.types)));
  // An idle client losing its server emits on the pool; unhandled, it would crash the process.
  const onLost = (error: Error) => logger('Warn', `PostgreSQL connection lost: ${error.message}`, error);
  pool.on('error', onLost);
  // A client checked out by a query emits on itself when its server goes away (the query rejects
  // too); without a listener that 'error' event would crash the host process.
  pool.on('connect', (client) => client.on('error', onLost));
  const db: SqlDatabase = new Kysely({
    dialect: new PostgresDialect({ pool: callbackFormPool(pool) }),
    log: queryLog(logger),
  });
  try {
    const { rows } = await sql<{ version: string }>`select current_setting('server_version') as version`.execute(db);
    return { db, flavor: 'postgres', serverVersion: rows[0]?.version ?? 'unknown' };
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw connectionFailure(error, {
      label: `PostgreSQL at ${options.host}:${options.port}`,
      database: options.database,
      username: options.username,
    });
  }
}

/**
 * Kysely's pool contract over pg's pool, running each statement through pg's callback form under one
 * promise, as `pool.query` does. pg's promise form (what Kysely would call) chains one more link,
 * and a page's rows then outlive young-generation collections and get promoted: a large export
 * grows the agent's memory (bench/agent-http measures it). Cursors go to pg unchanged.
 */
function callbackFormPool(pool: Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (statement: unknown, parameters?: readonly unknown[]) => {
        // pg would write the count on 16 bits and send a Bind message the server misreads.
        if (typeof statement !== 'string') {
          const cursorValues = (statement as { values?: readonly unknown[] }).values;
          if ((cursorValues?.length ?? 0) > POSTGRES_MAX_PARAMETERS) throw tooManyParameters(cursorValues?.length ?? 0);
          return client.query(statement as never);
        }
        if ((parameters?.length ?? 0) > POSTGRES_MAX_PARAMETERS) {
          return Promise.reject(tooManyParameters(parameters?.length ?? 0));
        }
        return new Promise((resolve, reject) => {
          client.query(statement, parameters as unknown[], (error, result) =>
            error ? reject(error) : resolve(result),
          );
        });
      };
      return { query: query as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

function tooManyParameters(count: number): QueryTooLargeError {
  const max = POSTGRES_MAX_PARAMETERS.toLocaleString('en-US');
  return new QueryTooLargeError(
    `The request binds ${count.toLocaleString('en-US')} values, more than PostgreSQL accepts in one statement ` +
      `(${max}): select fewer records or split the request.`,
    { details: { count, maxValues: POSTGRES_MAX_PARAMETERS } },
  );
}

function poolConfig(options: ResolvedServerOptions, types: CustomTypesConfig): PoolConfig {
  return {
    host: options.host,
    port: options.port,
    database: options.database,
    user: options.username,
    password: options.password,
    ssl: options.ssl,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
    statement_timeout: options.statementTimeoutMs ?? false,
    // Unqualified names in raw SQL resolve in the chosen schema first (builder queries are
    // qualified by `withSchema` anyway).
    options: options.schema === undefined ? undefined : `-c search_path=${startupValue(options.schema)},public`,
    types,
    application_name: 'platform-agent',
  };
}

// Per-pool parsers (never pg's global ones, which belong to the host application): see value-rules.ts.
function valueParsers(defaults: typeof import('pg').types): CustomTypesConfig {
  const parsers: Record<number, (text: string) => unknown> = {
    [OID.int8]: bigintValue,
    [OID.numeric]: decimalValue,
    [OID.date]: (text) => text,
    [OID.timestamp]: timestampAsUtc,
    // Unmapped types are shown as String: keep the server's text rather than pg's objects.
    [OID.interval]: (text) => text,
    [OID.circle]: (text) => text,
  };
  const getTypeParser = (oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && parsers[oid] !== undefined
      ? parsers[oid]
      : defaults.getTypeParser(oid, format as 'text');

  return { getTypeParser } as CustomTypesConfig;
}

function timestampAsUtc(text: string): Date | string {
  const date = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? text : date; // infinity, BC dates: keep the text
}

// A startup `-c` value: a quoted identifier whose spaces and backslashes are escaped for libpq.
function startupValue(schema: string): string {
  return `"${schema.replaceAll('"', '""')}"`.replace(/[\\ ]/g, (char) => `\\${char}`);
}
