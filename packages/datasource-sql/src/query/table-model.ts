import type { CollectionSchema, ColumnType } from '@platform/datasource-toolkit';

/** What query translation knows about one column: its API type and its database type. @internal */
export interface ColumnInfo {
  readonly name: string;
  readonly columnType: ColumnType;
  /** The database type as introspected (`timestamptz`, `tinyint(1)`, `_int4`...), lower case. */
  readonly sqlType: string;
  readonly isNullable: boolean;
  readonly enumValues?: readonly string[];
  /** A type introspection did not recognise (shown as a String): only compared with null. */
  readonly isOpaque?: boolean;
}

/**
 * The table behind a collection: where it lives and its columns by field name. Field names are
 * the column names (the schema builder does not rename columns).
 * @internal
 */
export interface TableModel {
  readonly collectionName: string;
  readonly tableName: string;
  /** PostgreSQL schema (`inventory`); undefined for the connection's default schema. */
  readonly schemaName?: string;
  readonly isView: boolean;
  readonly schema: CollectionSchema;
  readonly columns: ReadonlyMap<string, ColumnInfo>;
  readonly primaryKeys: readonly string[];
}

/** Finds the model of a collection by name. @internal */
export type TableModelLookup = (collectionName: string) => TableModel;

/** The column of `model` named `field`. @throws Error for an unknown column (validation runs first). */
export function getColumn(model: TableModel, field: string): ColumnInfo {
  const column = model.columns.get(field);
  if (!column) throw new Error(`Column '${field}' does not exist in '${model.collectionName}'.`);

  return column;
}
