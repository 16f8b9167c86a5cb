import type { SqlSslOptions } from './connection-params';

/** The dialects this package implements; MariaDB runs on the `mysql` one. */
export type SqlDialectName = 'postgres' | 'mysql' | 'sqlite';

/** Connection settings once parsed, defaults applied. @internal */
export type ResolvedConnectionOptions = ResolvedServerOptions | ResolvedSqliteOptions;

export interface ResolvedServerOptions {
  readonly dialect: 'postgres' | 'mysql';
  /** What the user asked for; a `mysql` URI may still reach a MariaDB server. */
  readonly requestedFlavor: 'postgres' | 'mysql' | 'mariadb';
  readonly host: string;
  readonly port: number;
  readonly database: string | undefined;
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly schema: string | undefined;
  readonly ssl: SqlSslOptions | undefined;
  readonly poolSize: number;
  readonly statementTimeoutMs: number | undefined;
  readonly connectTimeoutMs: number;
}

export interface ResolvedSqliteOptions {
  readonly dialect: 'sqlite';
  /** Absolute path, or `:memory:`. */
  readonly filename: string;
  readonly statementTimeoutMs: number | undefined;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_PORTS = { postgres: 5432, mysql: 3306 } as const;
