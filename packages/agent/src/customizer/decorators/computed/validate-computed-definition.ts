import { type ColumnType, isPrimitiveType, ValidationError } from '@platform/datasource-toolkit';
import type { ComputedDefinition } from './types';

/**
 * Checks the shape of a computed definition (types are not enough: plugins and JavaScript users
 * pass anything).
 * @throws ValidationError naming the field and the property at fault.
 * @internal
 */
export function validateComputedDefinition(collection: string, name: string, definition: ComputedDefinition): void {
  const fail = (problem: string): never => {
    throw new ValidationError(`Invalid computed field '${collection}.${name}': ${problem}.`, {
      details: { collection, field: name },
    });
  };

  if (typeof definition !== 'object' || definition === null) fail('expected a definition object');
  if (!isColumnType(definition.columnType)) {
    fail(`columnType ${JSON.stringify(definition.columnType)} is not a column type (String, Number, Boolean, ...)`);
  }
  if (
    !Array.isArray(definition.dependencies) ||
    definition.dependencies.length === 0 ||
    !definition.dependencies.every((dependency) => typeof dependency === 'string' && dependency !== '')
  ) {
    fail('dependencies must be a non-empty array of field names');
  }
  if (typeof definition.getValues !== 'function') fail('getValues must be a function');
  if (definition.columnType === 'Enum') {
    const values = definition.enumValues;
    if (!Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === 'string')) {
      fail('an Enum field needs enumValues, a non-empty array of strings');
    }
  }
}

function isColumnType(value: unknown): value is ColumnType {
  if (isPrimitiveType(value)) return true;
  if (Array.isArray(value)) return value.length === 1 && isColumnType(value[0]);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(isColumnType);

  return false;
}
