import {
  type CollectionSchema,
  type ColumnSchema,
  ConditionTreeEquivalent,
  type FieldSchema,
  isColumn,
} from '@platform/datasource-toolkit';
import type { SqlFlavor } from '../dialects/sql-flavor';
import type { IntrospectedColumn, Introspection } from '../introspection/introspection';
import type { ColumnInfo, TableModel } from './table-model';

/**
 * The table models of query translation, and the collection schemas completed with what only
 * translation knows: each column's `filterOperators`, i.e. the dialect's native operators and
 * every operator the toolkit's equivalence derives from them, and `searchable`.
 * @internal
 */
export function buildTableModels(
  introspection: Introspection,
  schemas: Readonly<Record<string, CollectionSchema>>,
  flavor: SqlFlavor,
): Map<string, TableModel> {
  const tables = new Map(introspection.tables.map((table) => [table.name, table]));
  const models = new Map<string, TableModel>();
  for (const [collectionName, schema] of Object.entries(schemas)) {
    const table = tables.get(collectionName);
    if (!table) throw new Error(`Collection '${collectionName}' has no table in the introspection.`);
    const introspected = new Map(table.columns.map((column) => [column.name, column]));

    const columns = new Map<string, ColumnInfo>();
    const fields: Record<string, FieldSchema> = {};
    for (const [name, field] of Object.entries(schema.fields)) {
      if (!isColumn(field)) {
        fields[name] = field;
        continue;
      }
      const source = introspected.get(name);
      const info = toColumnInfo(name, field, source);
      columns.set(name, info);
      fields[name] = withOperators(field, info, flavor);
    }

    models.set(collectionName, {
      collectionName,
      tableName: table.name,
      schemaName: introspection.dialect === 'postgres' ? (introspection.schema ?? 'public') : undefined,
      isView: table.isView,
      // Search is translated to SQL (see search-tree.ts), so every collection is searchable.
      schema: { ...schema, fields, searchable: true },
      columns,
      primaryKeys: Object.entries(fields)
        .filter(([, field]) => isColumn(field) && field.isPrimaryKey === true)
        .map(([name]) => name),
    });
  }

  return models;
}

function toColumnInfo(name: string, field: ColumnSchema, source: IntrospectedColumn | undefined): ColumnInfo {
  return {
    name,
    columnType: field.columnType,
    sqlType: source?.sqlType.toLowerCase() ?? '',
    isNullable: source?.isNullable ?? field.allowNull !== false,
    enumValues: field.enumValues,
    isOpaque: source !== undefined && source.columnType === null,
  };
}

function withOperators(field: ColumnSchema, info: ColumnInfo, flavor: SqlFlavor): ColumnSchema {
  const natives = flavor.nativeOperators(info);

  return { ...field, filterOperators: ConditionTreeEquivalent.getEquivalentOperators(natives, info.columnType) };
}
