import type { CollectionCustomizer } from '@platform/agent';
import { type ColumnSchema, isColumn, ValidationError } from '@platform/datasource-toolkit';

/**
 * The column `columnName` of the collection.
 * @throws ValidationError naming `columnName` when it is missing, not a string or not a column.
 */
export function getColumn(plugin: string, collection: CollectionCustomizer | null, columnName: unknown): ColumnSchema {
  if (!collection) {
    throw new ValidationError(`${plugin} customizes one collection: call it with collection.use(${plugin}, options).`);
  }
  if (typeof columnName !== 'string' || columnName === '') {
    throw new ValidationError(`${plugin}: 'columnName' must name a column of '${collection.name}'.`);
  }
  const fields = collection.schema.fields;
  const field = fields[columnName];
  if (!isColumn(field)) {
    const columns = Object.keys(fields).filter((name) => isColumn(fields[name]));
    throw new ValidationError(
      `${plugin}: 'columnName' ${JSON.stringify(columnName)} is not a column of '${collection.name}'. Columns: ${columns.join(', ')}.`,
      { details: { option: 'columnName', collection: collection.name, allowed: columns } },
    );
  }

  return field;
}
