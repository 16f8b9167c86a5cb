import { type ActionFormField, type CollectionSchema, unpackId } from '@platform/datasource-toolkit';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { parseDataUri } from './data-uri';

/** @internal The decoded value, or what was expected instead. */
export type FieldCheck =
  | { readonly isValid: true; readonly value: unknown }
  | { readonly isValid: false; readonly expected: string };

// A day that exists, written YYYY-MM-DD.
const DATEONLY = z.iso.date();
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;
const DATA_URI_SHAPE = 'a data URI (data:<mime type>;name=<name>;base64,<data>)';

/**
 * Checks a submitted value against the type of its field and decodes it for `execute`: a `File`
 * becomes `{ mimeType, buffer, name, charset? }` and a `Collection` value a composite id. Other
 * values stay as sent (dates stay ISO strings).
 *
 * @internal
 * @param getSchema the schema of a collection of the data source, for `Collection` fields.
 */
export function checkFieldValue(
  field: ActionFormField,
  value: unknown,
  getSchema: (collectionName: string) => CollectionSchema,
): FieldCheck {
  const valid = (decoded: unknown = value): FieldCheck => ({ isValid: true, value: decoded });
  const invalid = (expected: string): FieldCheck => ({ isValid: false, expected });
  const enumValues = field.enumValues ?? [];

  switch (field.type) {
    case 'String':
      return typeof value === 'string' ? valid() : invalid('a string');
    case 'Json':
      return valid();
    case 'Number':
      return isNumber(value) ? valid() : invalid('a finite number');
    case 'Boolean':
      return typeof value === 'boolean' ? valid() : invalid('true or false');
    case 'Date':
      return typeof value === 'string' && DateTime.fromISO(value).isValid ? valid() : invalid('an ISO 8601 date');
    case 'Dateonly':
      return isDateonly(value) ? valid() : invalid('a date formatted YYYY-MM-DD');
    case 'Time':
      return typeof value === 'string' && TIME.test(value) ? valid() : invalid('a time formatted HH:mm or HH:mm:ss');
    case 'Enum':
      return typeof value === 'string' && enumValues.includes(value) ? valid() : invalid(`one of ${list(enumValues)}`);
    case 'EnumList':
      return isListOf(value, (item) => typeof item === 'string' && enumValues.includes(item))
        ? valid()
        : invalid(`an array of values among ${list(enumValues)}`);
    case 'File': {
      const file = parseDataUri(value);
      return file === null ? invalid(DATA_URI_SHAPE) : valid(file);
    }
    case 'FileList': {
      const files = Array.isArray(value) ? value.map(parseDataUri) : [null];
      return files.includes(null) ? invalid(`an array of ${DATA_URI_SHAPE}s`) : valid(files);
    }
    case 'Collection':
      return checkPackedId(field.collectionName ?? '', value, getSchema);
    case 'NumberList':
      return isListOf(value, isNumber) ? valid() : invalid('an array of finite numbers');
    case 'StringList':
      return isListOf(value, (item) => typeof item === 'string') ? valid() : invalid('an array of strings');
    default: {
      const unknownType: never = field.type;
      return invalid(`a value of a known type (the field has type ${String(unknownType)})`);
    }
  }
}

function checkPackedId(
  collectionName: string,
  value: unknown,
  getSchema: (collectionName: string) => CollectionSchema,
): FieldCheck {
  const expected = `the packed id of a '${collectionName}' record`;
  if (typeof value !== 'string' || value === '') return { isValid: false, expected };
  try {
    return { isValid: true, value: unpackId(getSchema(collectionName), value, collectionName) };
  } catch (error) {
    return { isValid: false, expected: `${expected} (${error instanceof Error ? error.message : String(error)})` };
  }
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isDateonly(value: unknown): boolean {
  return DATEONLY.safeParse(value).success;
}

function isListOf(value: unknown, isItem: (item: unknown) => boolean): boolean {
  return Array.isArray(value) && value.every(isItem);
}

function list(values: readonly string[]): string {
  return values.length === 0 ? '(no value is allowed)' : values.map((value) => `'${value}'`).join(', ');
}
