import type { ColumnType, Logger } from '@platform/datasource-toolkit';
import type { ResolvedConnectionOptions, SqlDialectName } from '../connection/resolved-connection-options';
import type { SqlDatabase, SqlServerFlavor } from '../connection/sql-connection';
import type { IntrospectedTable } from '../introspection/introspection';
import type { SqlFlavor } from './sql-flavor';

/**
 * What each dialect folder (`postgres/`, `mysql/`, `sqlite/`) provides. Each holds the same files:
 * `*-dialect.ts` (this object), `*-driver.ts` (pool, timeouts, value parsers), `*-introspector.ts`
 * (catalog queries), `*-type-mapper.ts` (native type → column type) and `*-flavor.ts` (query
 * translation).
 * @internal
 */
export interface SqlDialect {
  readonly name: SqlDialectName;
  /** How queries are translated: native operators, text matching, date buckets, values, RETURNING. */
  readonly flavor: SqlFlavor;
  /** Loads the driver, opens a pool and checks that the server answers. */
  connect(options: ResolvedConnectionOptions, logger: Logger): Promise<DialectConnection>;
  /** Reads tables, views, columns and keys; never throws on a column of unknown type. */
  introspect(db: SqlDatabase, options: DialectIntrospectOptions): Promise<IntrospectedTable[]>;
  /** Maps a native type; null when unknown. */
  mapColumnType(sqlType: string, hints?: SqlTypeHints): SqlTypeMapping | null;
}

export interface DialectConnection {
  readonly db: SqlDatabase;
  readonly flavor: SqlServerFlavor;
  readonly serverVersion: string;
}

export interface DialectIntrospectOptions {
  /** PostgreSQL schema to read (default `public`). */
  readonly schema?: string;
  readonly logger: Logger;
}

/** A native type's column type, and for numbers how the driver returns them. */
export interface SqlTypeMapping {
  readonly columnType: ColumnType;
  readonly numericKind?: 'integer' | 'bigint' | 'decimal' | 'float';
}

/** What the introspector knows about a type besides its name. */
export interface SqlTypeHints {
  /** The type (or an array's element type) is a PostgreSQL enum, MySQL ENUM or SQLite CHECK IN list. */
  readonly isEnum?: boolean;
  /** MariaDB `JSON` (a LONGTEXT with a `json_valid` check). */
  readonly isJson?: boolean;
}
