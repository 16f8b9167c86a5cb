import type { Plugin } from '@platform/agent';
import { ValidationError } from '@platform/datasource-toolkit';
import { getColumn } from './column-checks';
import { flattenNested } from './flatten-nested';
import { isNestedShape, type NestedShape } from './nested-shape';

/** Options of `flattenJsonColumn` (spec agent-library §2.10). */
export interface FlattenJsonColumnOptions {
  /** A column of type `Json`. */
  readonly columnName: string;
  /** The shape of the JSON objects it holds: key → type, nested (`{ geo: { lat: 'Number' } }`). */
  readonly columnType: NestedShape;
  /** How many keys deep to go; deeper objects become one field each. Unlimited by default. */
  readonly level?: number;
  /** Refuse writes to the flattened fields (default false). */
  readonly readonly?: boolean;
  /** Keep the JSON column in the schema (default false: it is removed, and stays usable by customizations). */
  readonly keepOriginalColumn?: boolean;
}

/**
 * Flattens a JSON column from its declared shape, as `flattenColumn` does a nested column, and
 * removes the JSON column from the schema unless `keepOriginalColumn`.
 *
 * @example
 * agent.customizeCollection('orders', (orders) =>
 *   orders.use(flattenJsonColumn, { columnName: 'shipping', columnType: { carrier: 'String', weight: 'Number' } }),
 * );
 */
export const flattenJsonColumn: Plugin<FlattenJsonColumnOptions> = (_dataSource, collection, options) => {
  const column = getColumn('flattenJsonColumn', collection, options?.columnName);
  if (column.columnType !== 'Json') {
    throw new ValidationError(
      `flattenJsonColumn: 'columnName' '${options.columnName}' is a ${JSON.stringify(column.columnType)} column, not Json` +
        (isNestedShape(column.columnType) ? ': use flattenColumn for nested columns.' : '.'),
      { details: { option: 'columnName' } },
    );
  }
  if (!isNestedShape(options.columnType)) {
    throw new ValidationError(
      `flattenJsonColumn: 'columnType' is required, an object of key → type such as { city: 'String' }.`,
      { details: { option: 'columnType' } },
    );
  }

  const target = collection as NonNullable<typeof collection>;
  flattenNested(target, {
    plugin: 'flattenJsonColumn',
    columnName: options.columnName,
    shape: options.columnType,
    level: options.level,
    isReadOnly: options.readonly === true || column.isReadOnly === true,
  });
  if (options.keepOriginalColumn !== true) target.removeField(options.columnName);
};
