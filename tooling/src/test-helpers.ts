/**
 * Helpers that the tests of every package share (`@platform/tooling/test-helpers`), so that each is
 * defined once rather than in each test file that needs it.
 */

/** Resolves after `ms` milliseconds of real time (not under jest's fake timers). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A logger that drops every message, for code under test that logs when its logs are not what the
 * test is about. It fits the `Logger` of `@platform/datasource-toolkit` (a function of the level, the
 * message and an optional error), which this package does not depend on.
 */
export function silentLogger(): void {}
