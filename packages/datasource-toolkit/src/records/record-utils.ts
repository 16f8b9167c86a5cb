import type { RecordData } from './record';

/** Helpers to read records as collections return them (relations nested as objects). */
export class RecordUtils {
  /**
   * Reads the value at `path`, following relations through `:` separators.
   * Returns undefined when a relation along the path is null, undefined or not an object.
   *
   * @example RecordUtils.getFieldValue({ author: { name: 'Ada' } }, 'author:name') // 'Ada'
   */
  static getFieldValue(record: RecordData | null | undefined, path: string): unknown {
    let current: unknown = record;
    for (const segment of path.split(':')) {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
      // Own fields only: `constructor` or `__proto__` must not read the prototype.
      current = Object.hasOwn(current, segment) ? (current as RecordData)[segment] : undefined;
    }

    return current;
  }
}
