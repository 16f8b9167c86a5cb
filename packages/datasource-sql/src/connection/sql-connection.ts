import type { Kysely } from 'kysely';
import type { SqlDialectName } from './resolved-connection-options';

/**
 * A Kysely instance over any table of the database. Table and column names are only known at run
 * time (from introspection), so rows are records of unknown values.
 */
export type SqlDatabase = Kysely<Record<string, Record<string, unknown>>>;

/** The server actually reached: a `mysql://` URI may lead to MariaDB. */
export type SqlServerFlavor = 'postgres' | 'mysql' | 'mariadb' | 'sqlite';

/** An open pool of connections to one database. */
export interface SqlConnection {
  /**
   * Query builder over the pool. With a PostgreSQL `schema`, every table reference is qualified
   * with it (Kysely `withSchema`), so `db.selectFrom('warehouses')` reads `inventory.warehouses`.
   */
  readonly db: SqlDatabase;
  readonly dialect: SqlDialectName;
  readonly flavor: SqlServerFlavor;
  /** As reported by the server, e.g. `15.20` or `10.11.19-MariaDB-0+deb12u1`. */
  readonly serverVersion: string;
  /** PostgreSQL schema the connection targets (`public` by default); undefined elsewhere. */
  readonly schema: string | undefined;
  /** Closes the pool. Safe to call more than once. */
  close(): Promise<void>;
}
