import type { Plugin } from '@platform/agent';
import { ValidationError } from '@platform/datasource-toolkit';
import { getColumn } from './column-checks';
import { flattenNested } from './flatten-nested';
import { isNestedShape, type NestedShape } from './nested-shape';

/** Options of `flattenColumn` (spec agent-library §2.10). */
export interface FlattenColumnOptions {
  /** A column whose type is a nested object (or a `Json` column, given `columnType`). */
  readonly columnName: string;
  /** Paths to flatten (`address:city`, or `address` for everything under it); all by default. */
  readonly include?: readonly string[];
  /** Paths to leave out. */
  readonly exclude?: readonly string[];
  /** How many keys deep to go; deeper objects become one field each. Unlimited by default. */
  readonly level?: number;
  /** Refuse writes to the flattened fields (default false). */
  readonly readonly?: boolean;
  /** The nested type to flatten, instead of the column's own. */
  readonly columnType?: NestedShape;
}

/**
 * Adds one field per nested path of a column (`address@@@city`), readable, filterable, sortable
 * and, unless `readonly`, writable: writes are folded back into the nested value, keeping the
 * keys they do not name. The original column stays.
 *
 * @example
 * agent.customizeCollection('customers', (customers) =>
 *   customers.use(flattenColumn, { columnName: 'address', exclude: ['geo'] }),
 * );
 */
export const flattenColumn: Plugin<FlattenColumnOptions> = (_dataSource, collection, options) => {
  const column = getColumn('flattenColumn', collection, options?.columnName);
  const shape = options.columnType ?? column.columnType;
  if (options.columnType !== undefined && !isNestedShape(options.columnType)) {
    throw new ValidationError(
      `flattenColumn: 'columnType' must be an object of key → type, such as { city: 'String' }.`,
    );
  }
  if (
    !isNestedShape(shape) ||
    (options.columnType !== undefined && !isNestedShape(column.columnType) && column.columnType !== 'Json')
  ) {
    throw new ValidationError(
      `flattenColumn: 'columnName' '${options.columnName}' is a ${JSON.stringify(column.columnType)} column, not a nested object: ` +
        `flatten a nested column, or a Json column with 'columnType' (or flattenJsonColumn).`,
      { details: { option: 'columnName' } },
    );
  }

  flattenNested(collection as NonNullable<typeof collection>, {
    plugin: 'flattenColumn',
    columnName: options.columnName,
    shape,
    level: options.level,
    include: options.include,
    exclude: options.exclude,
    isReadOnly: options.readonly === true || column.isReadOnly === true,
  });
};
