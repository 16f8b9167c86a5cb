import { z } from 'zod';

/** The dialect names a user may give. `mariadb` and `mysql` share one implementation. */
export const SQL_DIALECT_INPUTS = ['postgres', 'mysql', 'mariadb', 'sqlite'] as const;
export type SqlDialectInput = (typeof SQL_DIALECT_INPUTS)[number];

const sslSchema = z.union([
  z.boolean(),
  z.strictObject({
    /** Verify the server certificate (default true). */
    rejectUnauthorized: z.boolean().optional(),
    /** PEM certificate authority to trust. */
    ca: z.string().min(1).optional(),
  }),
]);

/** Options every form accepts, URI or object. */
export const commonOptionsSchema = z.strictObject({
  /** Maximum connections in the pool (PostgreSQL, MySQL). Default 10. */
  poolSize: z.number().int().min(1).max(1000).optional(),
  /**
   * Longest a statement may run, in milliseconds: PostgreSQL `statement_timeout`, MariaDB
   * `max_statement_time`, MySQL `max_execution_time` (SELECT only), SQLite busy timeout.
   */
  statementTimeoutMs: z.number().int().min(0).max(2_147_483_647).optional(),
  /** How long to wait for the server to accept a connection, in milliseconds. Default 10000. */
  connectTimeoutMs: z.number().int().min(1).max(600_000).optional(),
});

const hostSchema = z.string().min(1).max(255);
const portSchema = z.number().int().min(1).max(65_535);
const identifierSchema = z.string().min(1).max(128);

export const serverOptionsSchema = commonOptionsSchema.extend({
  dialect: z.enum(['postgres', 'mysql', 'mariadb']),
  host: hostSchema.optional(),
  port: portSchema.optional(),
  database: identifierSchema.optional(),
  username: z.string().min(1).max(255).optional(),
  password: z.string().optional(),
  /** PostgreSQL only: the schema to expose (default `public`). */
  schema: identifierSchema.optional(),
  ssl: sslSchema.optional(),
});

export const sqliteOptionsSchema = commonOptionsSchema.extend({
  dialect: z.literal('sqlite'),
  /** Path of the database file (relative to the working directory), or `:memory:`. */
  filename: z.string().min(1),
});

export const uriOptionsSchema = commonOptionsSchema.extend({
  uri: z.string().min(1),
  schema: identifierSchema.optional(),
  ssl: sslSchema.optional(),
});

export type SqlServerConnectionOptions = z.input<typeof serverOptionsSchema>;
export type SqliteConnectionOptions = z.input<typeof sqliteOptionsSchema>;
export type SqlUriConnectionOptions = z.input<typeof uriOptionsSchema>;
export type SqlSslOptions = z.infer<typeof sslSchema>;

/**
 * Where the database is: a URI (`postgres://`, `postgresql://`, `mysql://`, `mariadb://`,
 * `sqlite:path/to/file.db`, `sqlite::memory:`), a URI with options, or an options object.
 *
 * @example 'postgres://app:secret@db.internal:5432/shop?schema=sales'
 * @example { dialect: 'mariadb', host: 'db', database: 'shop', username: 'app', poolSize: 5 }
 * @example { dialect: 'sqlite', filename: './data/shop.db' }
 */
export type SqlConnectionParams =
  | string
  | SqlUriConnectionOptions
  | SqlServerConnectionOptions
  | SqliteConnectionOptions;
