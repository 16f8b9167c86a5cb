/** A clock tests move by hand; pass `clock.now` as the test context's `now`. */
export interface TestClock {
  now(): Date;
  set(date: Date | string): void;
  advance(milliseconds: number): void;
}

export function createTestClock(start: Date | string = '2030-01-01T12:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}
