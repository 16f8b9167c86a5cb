/** A clock the test moves: `Date` is faked, timers, sockets and promises keep running for real. */
export interface TestClock {
  /** Moves `Date.now()` forward by `ms`. */
  advance(ms: number): void;
  /** Gives `Date` back to the real clock. */
  restore(): void;
}

/**
 * Fakes `Date` only (jest's modern fake timers with every other API left real), so an agent
 * serving over real sockets reads the time the test sets. The code under test reads `Date.now()`.
 */
export function controlClock(): TestClock {
  jest.useFakeTimers({
    now: Date.now(),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });

  return {
    advance: (ms) => jest.setSystemTime(Date.now() + ms),
    restore: () => jest.useRealTimers(),
  };
}
