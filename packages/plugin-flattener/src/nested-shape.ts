import { type ColumnType, ValidationError } from '@platform/datasource-toolkit';
import { FLATTEN_SEPARATOR } from './field-name';

/** One leaf of a nested type: its path of keys and its type. */
export interface NestedLeaf {
  readonly path: readonly string[];
  readonly columnType: ColumnType;
}

export type NestedShape = { readonly [key: string]: ColumnType };

export function isNestedShape(columnType: unknown): columnType is NestedShape {
  return typeof columnType === 'object' && columnType !== null && !Array.isArray(columnType);
}

/**
 * The leaves of `shape` down to `level` keys deep: deeper objects and arrays are leaves.
 * @throws ValidationError when a key is empty or holds `:` or the separator.
 */
export function listLeaves(shape: NestedShape, level: number, prefix: readonly string[] = []): NestedLeaf[] {
  return Object.entries(shape).flatMap(([key, columnType]) => {
    if (key === '' || key.includes(':') || key.includes(FLATTEN_SEPARATOR)) {
      throw new ValidationError(
        `Cannot flatten the key ${JSON.stringify([...prefix, key].join(':'))}: keys must be non-empty and hold neither ':' nor '${FLATTEN_SEPARATOR}'.`,
      );
    }
    const path = [...prefix, key];
    if (isNestedShape(columnType) && path.length < level) return listLeaves(columnType, level, path);

    return [{ path, columnType }];
  });
}

/** The value at `path` in `value`, or null when a step is missing. */
export function getAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return null;
    current = (current as Record<string, unknown>)[key];
  }

  return current === undefined ? null : current;
}

/** A copy of `target` (an object, or nothing) with `value` at `path`; siblings are kept. */
export function setAt(target: unknown, path: readonly string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path;
  const copy: Record<string, unknown> = isObject(target) ? { ...target } : {};
  if (key === undefined) return copy;
  copy[key] = rest.length === 0 ? value : setAt(copy[key], rest, value);

  return copy;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
