import type { Logger } from '@platform/datasource-toolkit';
import type { SqlDialectName } from '../connection/resolved-connection-options';
import type { SqlDatabase } from '../connection/sql-connection';
import { getSqlDialect } from '../dialects/get-sql-dialect';
import type { Introspection } from './introspection';

export interface IntrospectOptions {
  /** PostgreSQL schema to read (default `public`); ignored by other dialects. */
  readonly schema?: string;
  /** Receives a warning per column of unknown type and per skipped object. */
  readonly logger?: Logger;
}

/**
 * Reads the tables and views of a database: columns with their types, nullability, literal
 * defaults, auto-increment, enum values, primary, foreign and unique keys. Tables come sorted by
 * name, columns in their declared order. A column of an unknown type never fails introspection: it
 * gets `columnType: null` and a warning.
 *
 * @example
 * const connection = await openConnection('postgres://localhost/shop');
 * const introspection = await introspect(connection.db, connection.dialect, { schema: connection.schema });
 */
export async function introspect(
  db: SqlDatabase,
  dialect: SqlDialectName,
  options: IntrospectOptions = {},
): Promise<Introspection> {
  const logger = options.logger ?? (() => undefined);
  const schema = dialect === 'postgres' ? (options.schema ?? 'public') : undefined;
  const tables = await getSqlDialect(dialect).introspect(db, { schema, logger });
  for (const table of tables) {
    for (const column of table.columns) {
      if (column.columnType === null) {
        logger(
          'Warn',
          `Column "${table.name}.${column.name}" has type "${column.sqlType}", which is not supported: it is exposed read-only as a String.`,
        );
      }
    }
  }
  const sorted = [...tables].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  return schema === undefined
    ? { version: 1, dialect, tables: sorted }
    : { version: 1, dialect, schema, tables: sorted };
}
