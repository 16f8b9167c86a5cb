/** A source of pseudo-random numbers that gives the same sequence for the same seed. */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  integer(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/**
 * mulberry32: 32 bits of state, fast and good enough for sample data (not for anything secret).
 * `Math.random` cannot be seeded, and the sample must be the same file on every machine.
 */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));

  return {
    next,
    integer,
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error('pick() needs a non-empty list.');
      return items[integer(0, items.length - 1)] as T;
    },
  };
}
