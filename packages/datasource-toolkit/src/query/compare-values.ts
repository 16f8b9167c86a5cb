/**
 * Orders two field values the way sorts and Max/Min do, nulls (and undefined) first. Numbers
 * compare numerically, booleans false before true, dates by time, strings by UTF-16 code units
 * (like a binary collation, so results do not depend on the machine's locale). Values of
 * different kinds compare by their string form.
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

  const aString = a instanceof Date ? a.toISOString() : String(a);
  const bString = b instanceof Date ? b.toISOString() : String(b);
  if (aString === bString) return 0;

  return aString < bString ? -1 : 1;
}
