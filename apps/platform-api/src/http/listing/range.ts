/**
 * Bounds on one date or id column, as the public API's `<field>.eq|lt|lte|gt|gte` parameters give
 * them; every bound given must hold. Shared by the notes and log listings.
 */
export interface Range<Value> {
  readonly eq?: Value;
  readonly lt?: Value;
  readonly lte?: Value;
  readonly gt?: Value;
  readonly gte?: Value;
}

/** The range as a Prisma filter; undefined (no filter at all) when no bound is given. */
export function toPrismaRange<Value>(range: Range<Value> | undefined) {
  if (!range) return undefined;
  const { eq, lt, lte, gt, gte } = range;
  if ([eq, lt, lte, gt, gte].every((bound) => bound === undefined)) return undefined;
  return { equals: eq, lt, lte, gt, gte };
}
