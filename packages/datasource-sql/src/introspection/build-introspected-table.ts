import type { SqlTypeMapping } from '../dialects/sql-dialect';
import type { IntrospectedColumn, IntrospectedForeignKey, IntrospectedTable } from './introspection';
import { literalToDefault, type SqlLiteral } from './literal-default';

/** What an introspector read about one column. @internal */
export interface RawColumn {
  readonly name: string;
  readonly sqlType: string;
  readonly mapping: SqlTypeMapping | null;
  readonly isNullable: boolean;
  readonly defaultLiteral: SqlLiteral | undefined;
  /** The column has a default other than NULL, literal or not (`now()`, `gen_random_uuid()`). */
  readonly hasDefault: boolean;
  readonly isAutoIncrement: boolean;
  readonly isGenerated: boolean;
  readonly enumValues?: readonly string[];
}

/** What an introspector read about one table or view. @internal */
export interface RawTable {
  readonly name: string;
  readonly isView: boolean;
  readonly columns: readonly RawColumn[];
  readonly primaryKey: readonly string[];
  readonly foreignKeys: readonly IntrospectedForeignKey[];
  readonly uniqueConstraints: readonly (readonly string[])[];
}

/**
 * Turns what a dialect read into the serialisable shape: optional fields only when they hold
 * something, so a JSON round trip gives back an equal value. @internal
 */
export function buildIntrospectedTable(raw: RawTable): IntrospectedTable {
  const uniqueConstraints = dedupe(raw.uniqueConstraints.filter((columns) => !sameColumns(columns, raw.primaryKey)));
  const uniqueColumns = new Set(
    uniqueConstraints.filter((columns) => columns.length === 1).map((columns) => columns[0]),
  );

  return {
    name: raw.name,
    isView: raw.isView,
    columns: raw.columns.map((column) => buildColumn(column, uniqueColumns.has(column.name), raw.isView)),
    primaryKey: [...raw.primaryKey],
    foreignKeys: raw.foreignKeys.map((fk) => ({
      ...fk,
      columns: [...fk.columns],
      referencedColumns: [...fk.referencedColumns],
    })),
    uniqueConstraints,
  };
}

function buildColumn(raw: RawColumn, isUnique: boolean, isView: boolean): IntrospectedColumn {
  const columnType = raw.mapping?.columnType ?? null;
  const column: IntrospectedColumn = {
    name: raw.name,
    sqlType: raw.sqlType,
    columnType,
    isNullable: raw.isNullable,
    isAutoIncrement: raw.isAutoIncrement,
  };
  const defaultValue =
    // Views are never written to, and MariaDB invents defaults (`0`) for their columns.
    raw.defaultLiteral === undefined || raw.isAutoIncrement || raw.isGenerated || isView
      ? undefined
      : literalToDefault(raw.defaultLiteral, columnType, raw.mapping?.numericKind);
  if (defaultValue !== undefined) column.defaultValue = defaultValue;
  // A default the database computes, which `defaultValue` cannot hold: a create may leave it out.
  else if (raw.hasDefault && !raw.isAutoIncrement && !raw.isGenerated && !isView) column.hasDefaultExpression = true;
  if (raw.enumValues !== undefined && raw.enumValues.length > 0) column.enumValues = [...raw.enumValues];
  if (isUnique) column.isUnique = true;
  if (raw.isGenerated) column.isGenerated = true;
  if (raw.mapping?.numericKind !== undefined) column.numericKind = raw.mapping.numericKind;
  return column;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((column) => b.includes(column));
}

function dedupe(lists: readonly (readonly string[])[]): string[][] {
  const kept: string[][] = [];
  for (const list of lists) {
    if (!kept.some((other) => sameColumns(other, list))) kept.push([...list]);
  }
  return kept;
}
