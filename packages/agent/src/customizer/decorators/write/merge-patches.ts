import { type RecordData, ValidationError } from '@platform/datasource-toolkit';

/**
 * Merges the patches that the fields of one record were rewritten into. Nested records (to-one
 * relations) are merged field by field.
 * @throws ValidationError when two patches give one field different values.
 */
export function mergePatches(collectionName: string, patches: readonly RecordData[], prefix = ''): RecordData {
  const merged: RecordData = {};
  for (const patch of patches) {
    for (const [key, value] of Object.entries(patch)) {
      const previous = merged[key];
      if (!Object.hasOwn(merged, key) || isSame(previous, value)) {
        merged[key] = value;
      } else if (isPlainObject(previous) && isPlainObject(value)) {
        merged[key] = mergePatches(collectionName, [previous, value], `${prefix}${key}:`);
      } else {
        throw new ValidationError(
          `Conflicting values for '${collectionName}.${prefix}${key}' while rewriting a write: ` +
            `${describe(previous)} and ${describe(value)}. Check the replaceFieldWriting definitions.`,
          { details: { collection: collectionName, field: `${prefix}${key}` } },
        );
      }
    }
  }

  return merged;
}

export function isPlainObject(value: unknown): value is RecordData {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);

  return prototype === Object.prototype || prototype === null;
}

function isSame(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();

  return false;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
