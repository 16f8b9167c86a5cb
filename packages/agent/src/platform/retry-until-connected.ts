import type { Logger } from '@platform/datasource-toolkit';
import { ExponentialBackoff, halfJitterGenerator, handleAll, retry } from 'cockatiel';

export interface RetryUntilConnectedOptions {
  /** One try: connect and send the schema. */
  readonly attempt: () => Promise<void>;
  /** First delay (half of it to all of it, at random), doubled after each failure. */
  readonly initialDelayMs: number;
  /** Longest delay; default 30 s. */
  readonly maxDelayMs?: number;
  /** Aborted when the client closes: no try starts after that. */
  readonly signal: AbortSignal;
  readonly logger: Logger;
}

/**
 * The start's connection, retried in the background until it succeeds or the client closes,
 * with an exponential back-off and jitter (`cockatiel`'s retry policy, its timers unref'd so
 * that they never keep the process alive). Each failure is a Debug line: `PlatformStatus` logs
 * the changes of state (refused, unreachable, back).
 */
export async function retryUntilConnected(options: RetryUntilConnectedOptions): Promise<void> {
  const { signal, logger } = options;
  const policy = retry(handleAll, {
    maxAttempts: Number.POSITIVE_INFINITY,
    backoff: new ExponentialBackoff({
      generator: halfJitterGenerator,
      initialDelay: options.initialDelayMs,
      maxDelay: options.maxDelayMs ?? 30_000,
    }),
  }).dangerouslyUnref();
  policy.onRetry((event) => {
    const reason = 'error' in event ? (event.error as Error).message : 'no answer';
    logger(
      'Debug',
      `The platform did not take the agent's connection yet (${reason}); retrying in ${Math.round(event.delay)} ms.`,
    );
  });

  try {
    await policy.execute(async () => {
      // The policy's wait cannot be cut short: the try after it is skipped instead.
      if (signal.aborted) throw signal.reason;
      await options.attempt();
    }, signal);
  } catch {
    // Only a closed client ends the loop.
  }
}
