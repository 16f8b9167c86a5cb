import type { Collection } from '../contracts/collection';
import { MissingFieldError, ValidationError } from '../errors/errors';
import { type ColumnSchema, isColumn, isToOneRelation } from '../schema/collection-schema';
import { checkValueType } from './check-value-type';

/** Checks field paths (`title`, `author:name`) and values against a collection's schema. */
export class FieldValidator {
  /**
   * Follows `path` through to-one relations and returns the column it ends on.
   * @throws MissingFieldError when a segment does not exist (the message lists the fields that do).
   * @throws ValidationError when the path ends on a relation or goes through a column or a to-many relation.
   */
  static validate(collection: Collection, path: string): ColumnSchema {
    const index = path.indexOf(':');
    const name = index === -1 ? path : path.slice(0, index);
    const field = collection.schema.fields[name];
    if (field === undefined) {
      throw new MissingFieldError(
        `Unknown field '${name}' in '${collection.name}'. Fields: ${Object.keys(collection.schema.fields).join(', ')}.`,
        { details: { collection: collection.name, field: name, allowed: Object.keys(collection.schema.fields) } },
      );
    }

    if (index === -1) {
      if (isColumn(field)) return field;
      throw new ValidationError(
        `'${collection.name}.${name}' is a ${field.type} relation, not a column: name one of its fields, as '${name}:<field>'.`,
        { details: { collection: collection.name, field: name } },
      );
    }

    if (!isToOneRelation(field)) {
      const found = isColumn(field) ? 'a column' : `a ${field.type} relation`;
      throw new ValidationError(
        `Cannot read '${path}' in '${collection.name}': '${name}' is ${found}; only ManyToOne and OneToOne relations can be followed.`,
        { details: { collection: collection.name, field: path } },
      );
    }

    return FieldValidator.validate(collection.dataSource.getCollection(field.foreignCollection), path.slice(index + 1));
  }

  /**
   * Checks that `value` fits `column` (type and enum values). Null passes: nullability is a write rule.
   * @throws ValidationError naming the field, the expected type or the allowed values.
   */
  static validateValue(collectionName: string, path: string, column: ColumnSchema, value: unknown): void {
    const problem = checkValueType(column.columnType, value, column.enumValues);
    if (problem !== undefined) {
      throw new ValidationError(`Invalid value for '${collectionName}.${path}': ${problem}.`, {
        details: { collection: collectionName, field: path, allowed: column.enumValues },
      });
    }
  }
}
