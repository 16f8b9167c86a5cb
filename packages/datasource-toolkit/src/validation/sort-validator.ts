import type { Collection } from '../contracts/collection';
import { ValidationError } from '../errors/errors';
import type { SortClause } from '../query/sort';
import { isColumn, isToOneRelation } from '../schema/collection-schema';
import { FieldValidator } from './field-validator';

/**
 * Checks that every sorted field exists and is sortable. A column is sortable unless its schema
 * says `isSortable: false`.
 */
export class SortValidator {
  /**
   * @throws MissingFieldError for an unknown field.
   * @throws ValidationError for a field that cannot be sorted (the message lists the sortable
   *   fields of the collection that holds it).
   */
  static validate(collection: Collection, sort: readonly SortClause[]): void {
    for (const { field } of sort) {
      const column = FieldValidator.validate(collection, field);
      if (column.isSortable === false) {
        const owner = getOwner(collection, field);
        const sortable = Object.entries(owner.schema.fields)
          .filter(([, schema]) => isColumn(schema) && schema.isSortable !== false)
          .map(([name]) => name);
        throw new ValidationError(
          `Cannot sort '${collection.name}' by '${field}': it is not sortable. ` +
            `Sortable fields of '${owner.name}': ${sortable.join(', ') || 'none'}.`,
          { details: { collection: collection.name, field, allowed: sortable } },
        );
      }
    }
  }
}

/** The collection that holds the column at the end of `path` (already validated). */
function getOwner(collection: Collection, path: string): Collection {
  const [relation, ...rest] = path.split(':');
  const field = relation === undefined ? undefined : collection.schema.fields[relation];
  if (rest.length === 0 || !isToOneRelation(field)) return collection;

  return getOwner(collection.dataSource.getCollection(field.foreignCollection), rest.join(':'));
}
