import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import { isDatabaseConnectionError } from './connection-errors';

export interface RetryOnConnectionErrorOptions {
  /** How long to keep trying, from the first attempt; the last error is thrown after it. */
  readonly withinMs: number;
  /** Stops retrying: the abort reason is thrown at the next attempt. */
  readonly signal?: AbortSignal;
}

/** Delays between attempts: exponential with jitter (cockatiel's decorrelated generator), 50 ms to 1 s. */
const BACKOFF = new ExponentialBackoff({ initialDelay: 50, maxDelay: 1_000 });

/**
 * Runs `work`, and again, after a backoff, each time it fails with a database connection error
 * (src/db/connection-errors.ts), for up to `withinMs`: a dropped connection is replaced by the
 * pool at the next attempt, and a restarting server answers again within seconds. Any other error
 * is thrown at once. Only for work that may run twice: a statement whose connection dropped was
 * rolled back, unless the connection dropped while its COMMIT was answered.
 *
 * @example await retryOnConnectionError(() => finishRun(context, run, end), { withinMs: leaseMs, signal });
 */
export async function retryOnConnectionError<T>(
  work: () => Promise<T>,
  options: RetryOnConnectionErrorOptions,
): Promise<T> {
  const deadline = Date.now() + options.withinMs;
  const policy = retry(
    handleWhen((error) => isDatabaseConnectionError(error) && Date.now() < deadline),
    { maxAttempts: Number.POSITIVE_INFINITY, backoff: BACKOFF },
  );
  return policy.execute(({ signal }) => {
    signal.throwIfAborted();
    return work();
  }, options.signal);
}
