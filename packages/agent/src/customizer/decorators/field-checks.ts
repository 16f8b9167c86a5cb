import {
  type Collection,
  type ColumnSchema,
  type FieldSchema,
  isColumn,
  MissingFieldError,
  ValidationError,
} from '@platform/datasource-toolkit';

/**
 * Checks shared by the registration methods of every layer, so that a customization naming an
 * unknown field fails at build time with the list of the fields that exist.
 */

/** @throws MissingFieldError naming the fields of `collection`. */
export function assertFieldExists(collection: Collection, name: string): FieldSchema {
  const field = Object.hasOwn(collection.schema.fields, name) ? collection.schema.fields[name] : undefined;
  if (field === undefined) {
    const fields = Object.keys(collection.schema.fields);
    throw new MissingFieldError(
      `Unknown field '${name}' in '${collection.name}'. Fields: ${fields.join(', ') || 'none'}.`,
      { details: { collection: collection.name, field: name, allowed: fields } },
    );
  }

  return field;
}

/** @throws MissingFieldError for an unknown field; ValidationError when it is a relation. */
export function assertColumn(collection: Collection, name: string): ColumnSchema {
  const field = assertFieldExists(collection, name);
  if (!isColumn(field)) {
    const columns = Object.keys(collection.schema.fields).filter((key) => isColumn(collection.schema.fields[key]));
    throw new ValidationError(
      `'${collection.name}.${name}' is a ${field.type} relation, not a column. Columns: ${columns.join(', ')}.`,
      { details: { collection: collection.name, field: name, allowed: columns } },
    );
  }

  return field;
}

/** @throws ValidationError when `name` is already a field of `collection`, or is not a usable name. */
export function assertNewFieldName(collection: Collection, name: string): void {
  if (typeof name !== 'string' || name === '' || name.includes(':')) {
    throw new ValidationError(
      `Invalid field name ${JSON.stringify(name)} in '${collection.name}': expected a non-empty string without ':'.`,
    );
  }
  if (Object.hasOwn(collection.schema.fields, name)) {
    throw new ValidationError(`Field '${name}' already exists in '${collection.name}': choose another name.`, {
      details: { collection: collection.name, field: name },
    });
  }
}
