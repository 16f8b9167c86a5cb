import {
  allowedOperatorsForColumnType,
  type ColumnSchema,
  type ColumnType,
  type Operator,
} from '@platform/datasource-toolkit';
import type { IntrospectedColumn, Introspection } from '../introspection/introspection';
import { numberFormatOf } from './number-format';

// A column of unknown type is only shown: it is compared with nothing but null.
const UNKNOWN_TYPE_OPERATORS: ReadonlySet<Operator> = new Set<Operator>(['Present', 'Missing']);
const UNSORTABLE_TYPES: readonly ColumnType[] = ['Json', 'Point'];

/**
 * The toolkit schema of a column. Read-only: columns of views, of unknown types (shown as String)
 * and generated columns. @internal
 */
export function buildColumnSchema(
  column: IntrospectedColumn,
  { isView, isPrimaryKey, dialect }: { isView: boolean; isPrimaryKey: boolean; dialect: Introspection['dialect'] },
): ColumnSchema {
  const isKnown = column.columnType !== null;
  const columnType = column.columnType ?? 'String';
  const isScalar = typeof columnType === 'string' && !UNSORTABLE_TYPES.includes(columnType);
  const schema: {
    -readonly [K in keyof ColumnSchema]: ColumnSchema[K];
  } = {
    type: 'Column',
    columnType,
    filterOperators: isKnown ? allowedOperatorsForColumnType(columnType) : UNKNOWN_TYPE_OPERATORS,
    isPrimaryKey,
    isReadOnly: isView || !isKnown || column.isGenerated === true,
    isSortable: isKnown && isScalar,
    allowNull: column.isNullable,
    isAutoIncrement: column.isAutoIncrement,
  };
  if (column.defaultValue !== undefined) schema.defaultValue = column.defaultValue;
  if (column.hasDefaultExpression) schema.hasDatabaseDefault = true;
  const numberFormat = numberFormatOf(column, dialect);
  if (numberFormat !== undefined) schema.numberFormat = numberFormat;
  if (column.enumValues !== undefined) schema.enumValues = [...column.enumValues];
  return schema;
}
