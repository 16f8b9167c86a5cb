// ISO 8601 date-times with an offset: they compare by instant, not by text, since offsets differ.
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Orders two field values the way sorts and Max/Min do, nulls (and undefined) first. Numbers
 * compare numerically, booleans false before true, dates (Date objects, or ISO strings with an
 * offset) by instant, other strings by UTF-16 code units (like a binary collation, so results do
 * not depend on the machine's locale). Values of different kinds compare by their string form.
 *
 * @internal
 */
export function compareValues(a: unknown, b: unknown): number {
  const aIsNull = a === null || a === undefined;
  const bIsNull = b === null || b === undefined;
  if (aIsNull || bIsNull) return Number(bIsNull) - Number(aIsNull);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'string' && typeof b === 'string' && ISO_WITH_OFFSET.test(a) && ISO_WITH_OFFSET.test(b)) {
    const difference = Date.parse(a) - Date.parse(b);
    if (difference !== 0 && !Number.isNaN(difference)) return difference;
  }

  const aString = a instanceof Date ? a.toISOString() : String(a);
  const bString = b instanceof Date ? b.toISOString() : String(b);
  if (aString === bString) return 0;

  return aString < bString ? -1 : 1;
}
