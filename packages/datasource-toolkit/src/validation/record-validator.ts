import type { Collection } from '../contracts/collection';
import { MissingFieldError, ValidationError } from '../errors/errors';
import type { RecordData } from '../records/record';
import { isColumn, isToOneRelation } from '../schema/collection-schema';
import { FieldValidator } from './field-validator';

/**
 * Checks records before they are written: unknown fields, read-only fields, wrong types, enum
 * values, nulls in columns that refuse them. To-one relations may be written as nested records.
 */
export class RecordValidator {
  /**
   * Checks a record to create. On top of `patch`, every column that refuses null and has no
   * default (`defaultValue` or `hasDatabaseDefault`), is not generated (`isAutoIncrement`) and is
   * not read-only must be given.
   * @throws MissingFieldError for an unknown field; ValidationError for any other problem.
   */
  static validate(collection: Collection, record: RecordData): void {
    RecordValidator.check(collection, record, '');
    const missing = Object.entries(collection.schema.fields)
      .filter(([name, field]) => isColumn(field) && field.allowNull === false && record[name] === undefined)
      .filter(([, field]) => isColumn(field) && !field.isAutoIncrement && !field.isReadOnly)
      .filter(([, field]) => isColumn(field) && field.defaultValue === undefined && !field.hasDatabaseDefault)
      .map(([name]) => name);
    if (missing.length > 0) {
      throw new ValidationError(`Missing required field(s) of '${collection.name}': ${missing.join(', ')}.`, {
        details: { collection: collection.name, fields: missing },
      });
    }
  }

  /**
   * Checks the changes of an update: the fields given must exist, be writable and hold valid values.
   * @throws MissingFieldError for an unknown field; ValidationError for any other problem.
   */
  static patch(collection: Collection, patch: RecordData): void {
    if (!isPlainRecord(patch) || Object.keys(patch).length === 0) {
      throw new ValidationError(`Nothing to update in '${collection.name}': the patch is empty.`);
    }
    RecordValidator.check(collection, patch, '');
  }

  private static check(collection: Collection, record: unknown, prefix: string): void {
    if (!isPlainRecord(record)) {
      throw new ValidationError(`Expected a record (an object) for '${collection.name}', got ${typeof record}.`);
    }

    const fields = collection.schema.fields;
    for (const [name, value] of Object.entries(record)) {
      const field = fields[name];
      const path = `${prefix}${name}`;
      if (field === undefined) {
        const writable = Object.keys(fields).filter((key) => !isColumn(fields[key]) || !fields[key]?.isReadOnly);
        throw new MissingFieldError(
          `Unknown field '${path}' in '${collection.name}'. Writable fields: ${writable.join(', ')}.`,
          { details: { collection: collection.name, field: path, allowed: writable } },
        );
      }

      if (isColumn(field)) {
        if (field.isReadOnly) {
          throw new ValidationError(`Field '${collection.name}.${path}' is read-only and cannot be written.`, {
            details: { collection: collection.name, field: path },
          });
        }
        if (value === null && field.allowNull === false) {
          throw new ValidationError(`Field '${collection.name}.${path}' cannot be null.`, {
            details: { collection: collection.name, field: path },
          });
        }
        FieldValidator.validateValue(collection.name, path, field, value);
      } else if (isToOneRelation(field)) {
        const foreign = collection.dataSource.getCollection(field.foreignCollection);
        if (value !== null) RecordValidator.check(foreign, value, `${path}:`);
      } else {
        throw new ValidationError(
          `Cannot write '${collection.name}.${path}': it is a ${field.type} relation; only ManyToOne and OneToOne ` +
            'relations can be written with the record.',
          { details: { collection: collection.name, field: path } },
        );
      }
    }
  }
}

function isPlainRecord(value: unknown): value is RecordData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
