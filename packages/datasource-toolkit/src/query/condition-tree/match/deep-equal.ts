/**
 * Structural equality of plain values: primitives, arrays, plain objects, dates and regular
 * expressions.
 * @internal
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (a instanceof RegExp || b instanceof RegExp) return String(a) === String(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }

  const aEntries = Object.entries(a).filter(([, value]) => value !== undefined);
  const bObject = b as Record<string, unknown>;
  const bCount = Object.values(bObject).filter((value) => value !== undefined).length;

  return aEntries.length === bCount && aEntries.every(([key, value]) => deepEqual(value, bObject[key]));
}
