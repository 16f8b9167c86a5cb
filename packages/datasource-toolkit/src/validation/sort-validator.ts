import type { Collection } from '../contracts/collection';
import { ValidationError } from '../errors/errors';
import type { SortClause } from '../query/sort';
import { isColumn } from '../schema/collection-schema';
import { FieldValidator } from './field-validator';

/**
 * Checks that every sorted field exists and is sortable. A column is sortable unless its schema
 * says `isSortable: false`.
 */
export class SortValidator {
  /**
   * @throws MissingFieldError for an unknown field.
   * @throws ValidationError for a field that cannot be sorted (the message lists those that can).
   */
  static validate(collection: Collection, sort: readonly SortClause[]): void {
    for (const { field } of sort) {
      const column = FieldValidator.validate(collection, field);
      if (column.isSortable === false) {
        const sortable = Object.entries(collection.schema.fields)
          .filter(([, schema]) => isColumn(schema) && schema.isSortable !== false)
          .map(([name]) => name);
        throw new ValidationError(
          `Cannot sort '${collection.name}' by '${field}': it is not sortable. Sortable fields: ${sortable.join(', ') || 'none'}.`,
          { details: { collection: collection.name, field, allowed: sortable } },
        );
      }
    }
  }
}
