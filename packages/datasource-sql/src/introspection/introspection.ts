import type { ColumnType } from '@platform/datasource-toolkit';

/**
 * What introspection found in the database: plain JSON-serialisable data, so it can be stored and
 * given back later (`parseIntrospection`) without touching the database.
 */
export interface IntrospectedColumn {
  name: string;
  /** Native type as the database spells it: `character varying(20)`, `tinyint(1)`, `text[]`. */
  sqlType: string;
  /** null: unknown type, exposed read-only as String with a warning. */
  columnType: ColumnType | null;
  isNullable: boolean;
  /** Literal defaults only (`'draft'`, `0`, `true`); expressions such as `now()` are omitted. */
  defaultValue?: unknown;
  /**
   * The column has a default that is not a literal (`now()`, `gen_random_uuid()`, a function or a
   * sequence not recognised as auto-increment): the database fills it when a create leaves it out.
   */
  hasDefaultExpression?: boolean;
  /** Set by the database on insert: serial, identity, AUTO_INCREMENT, SQLite rowid alias. */
  isAutoIncrement: boolean;
  enumValues?: string[];
  /** Alone in a unique constraint or unique index. */
  isUnique?: boolean;
  /** Computed by the database (GENERATED ALWAYS AS / virtual columns): never written. */
  isGenerated?: boolean;
  /**
   * How the driver returns this Number column's values (see `value-rules.ts`): `bigint` and
   * `decimal` values come back as a JS number when lossless, else as a string.
   */
  numericKind?: 'integer' | 'bigint' | 'decimal' | 'float';
}

export interface IntrospectedForeignKey {
  name: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  /** PostgreSQL: set when the referenced table lives in another schema than the introspected one. */
  referencedSchema?: string;
}

export interface IntrospectedTable {
  name: string;
  isView: boolean;
  columns: IntrospectedColumn[];
  /** Empty for views and tables without a primary key. */
  primaryKey: string[];
  foreignKeys: IntrospectedForeignKey[];
  /** Column lists of unique constraints and unique indexes (the primary key excluded). */
  uniqueConstraints: string[][];
}

export interface Introspection {
  version: 1;
  dialect: 'postgres' | 'mysql' | 'sqlite';
  /** PostgreSQL schema that was read. */
  schema?: string;
  tables: IntrospectedTable[];
}

export { type IntrospectOptions, introspect } from './introspect';
export { parseIntrospection } from './parse-introspection';
