import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  halfJitterGenerator,
  handleAll,
  type IBackoff,
  type IBackoffFactory,
} from 'cockatiel';

export interface PlatformBreakerOptions {
  /** Wait after a first failure (half of it to all of it, at random); doubled after each failure. Default 1 s. */
  readonly initialDelayMs?: number;
  /** Longest wait between two calls; default 30 s. */
  readonly maxDelayMs?: number;
}

/**
 * Guards the calls for one piece of platform data: after a failure, no call is made until a
 * back-off has passed (exponential, with jitter so a fleet of agents does not call in step), and
 * calls meanwhile fail at once with the error the last call failed with. The first call after
 * the back-off is the only one let through; a success resets the back-off.
 *
 * A circuit breaker of `cockatiel` that opens on one failure: the library owns the state machine
 * and the jitter; this class remembers the error and when the next call may go, for `Retry-After`.
 */
export class PlatformBreaker {
  private policy: CircuitBreakerPolicy;
  private lastDelayMs = 0;
  private reopensAt = 0;

  constructor(private readonly options: PlatformBreakerOptions = {}) {
    this.policy = this.createPolicy();
  }

  /** Forgets the failure and the back-off: the platform itself said it is back (its events stream opened). */
  reset(): void {
    this.policy = this.createPolicy();
    this.reopensAt = 0;
  }

  /** Runs `call`, or rethrows the last failure without calling while the back-off runs. */
  async execute<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await this.policy.execute(call);
    } catch (error) {
      if (!(error instanceof BrokenCircuitError)) throw error;
      const last = this.policy.lastFailure;
      throw last !== undefined && 'error' in last ? last.error : error;
    }
  }

  /** Milliseconds before the next call is let through; 0 when calls go through now. */
  get retryInMs(): number {
    return Math.max(0, this.reopensAt - Date.now());
  }

  private createPolicy(): CircuitBreakerPolicy {
    const backoff = new ExponentialBackoff({
      generator: halfJitterGenerator,
      initialDelay: this.options.initialDelayMs ?? 1_000,
      maxDelay: this.options.maxDelayMs ?? 30_000,
    });
    const policy = circuitBreaker(handleAll, {
      halfOpenAfter: observe(backoff, (delayMs) => {
        this.lastDelayMs = delayMs;
      }),
      breaker: new ConsecutiveBreaker(1),
    });
    // The breaker computes the back-off, then opens: this runs right after, on the same clock.
    policy.onBreak(() => {
      if (this.policy === policy) this.reopensAt = Date.now() + this.lastDelayMs;
    });

    return policy;
  }
}

/** The same back-off, reporting each delay it hands the breaker. */
function observe<T>(factory: IBackoffFactory<T>, onDelay: (delayMs: number) => void): IBackoffFactory<T> {
  return {
    next(context): IBackoff<T> {
      const backoff = factory.next(context);
      onDelay(backoff.duration);
      return { duration: backoff.duration, next: observe(backoff, onDelay).next };
    },
  };
}
