import type { ColumnType } from '../../../schema/column-type';

/**
 * Whether the empty string is a value of this column type. Only then does `Blank` include it:
 * comparing an enum or uuid column with `''` is an error in some databases.
 * @internal
 */
export function canHoldEmptyString(columnType: ColumnType | undefined): boolean {
  return columnType === undefined || columnType === 'String' || columnType === 'File';
}

/** `Blank`: null, undefined, or the empty string for text columns. @internal */
export function isBlank(value: unknown, columnType: ColumnType | undefined): boolean {
  return value === null || value === undefined || (value === '' && canHoldEmptyString(columnType));
}
