import type { Logger } from '@platform/datasource-toolkit';
import { PlatformBreaker, type PlatformBreakerOptions } from './platform-breaker';
import { PlatformUnavailableError } from './platform-errors';
import type { PlatformStatus } from './platform-status';

export interface CachedResourceOptions {
  /** What the resource is, in log lines and errors (`permissions`, `users`). */
  readonly name: string;
  /** Age after which a read still answers the cached value but refreshes it in the background. */
  readonly refreshAfterMs: number;
  /** Age after which the cached value is no longer used: a read waits for the platform. */
  readonly maxAgeMs: number;
  readonly logger: Logger;
  /** The link to the platform: while it refuses the secret, nothing cached is answered. */
  readonly status: PlatformStatus;
  /** The back-off between failed fetches. */
  readonly backoff?: PlatformBreakerOptions;
}

/** Seconds a client is told to wait when the agent does not know when it calls the platform again. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

/**
 * One piece of platform data (permissions, users, renderings) cached in memory.
 *
 * - Concurrent reads share one fetch; after a failed fetch no other is made until a back-off
 *   has passed (`PlatformBreaker`): reads meanwhile, and while the next fetch is in flight,
 *   fail at once with that failure, so the agent's load never turns into load on the platform.
 * - Reads never wait once warm: past `refreshAfterMs` they answer the cached value and refresh
 *   it in the background; past `maxAgeMs` (the platform failed to answer all that time) the
 *   value is no longer used and reads fail with PlatformUnavailableError until it answers.
 * - While the platform refuses the agent's secret, reads fail with PlatformSecretRefusedError,
 *   and a value fetched before the refusal is never answered again.
 * - `invalidate()` (an event said the data changed) marks the value stale and refetches at
 *   once; until that fetch lands, reads wait for it rather than answer the stale value. A fetch
 *   started before an invalidation does not clear it: its answer may predate the change.
 * - Each fetch stores the object `load` returns: derived caches key on its identity, so `load`
 *   must build a new object rather than change the one it returned before.
 */
export class CachedResource<T> {
  private value: T | undefined;
  private fetchedAt = 0;
  /** `status.refusals` when the value was fetched: a refusal since then voids it. */
  private fetchedInRefusal = 0;
  private isStale = false;
  /** Incremented by each invalidation. */
  private generation = 0;
  private inflight: { readonly generation: number; readonly promise: Promise<T> } | undefined;
  private hasWarned = false;
  /** The last fetch's failure, until a fetch succeeds. */
  private lastFailure: { readonly error: unknown } | undefined;
  private readonly breaker: PlatformBreaker;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly options: CachedResourceOptions,
  ) {
    this.breaker = new PlatformBreaker(options.backoff);
  }

  /** The value, fetched when missing, stale or too old. @throws PlatformUnavailableError, PlatformSecretRefusedError */
  async get(): Promise<T> {
    const current = this.current();
    if (current !== undefined) return current;
    // A call after a failure is in flight: answer that failure now rather than wait on a platform that may hang.
    if (this.inflight !== undefined && this.lastFailure !== undefined) throw this.explain(this.lastFailure.error);

    try {
      return await this.refresh();
    } catch (error) {
      throw this.explain(error);
    }
  }

  /**
   * The value when a read can answer it without waiting (held, not invalidated, younger than
   * `maxAgeMs`, the secret not refused since; past `refreshAfterMs` a background refresh
   * starts, as with `get()`), else undefined: then call `get()`. Warm reads on a hot path skip
   * a promise this way.
   */
  current(): T | undefined {
    const { value, options } = this;
    if (value === undefined || this.isStale) return undefined;
    if (options.status.isRefused || this.fetchedInRefusal !== options.status.refusals) return undefined;
    const age = Date.now() - this.fetchedAt;
    if (age >= options.refreshAfterMs) {
      if (age >= options.maxAgeMs) return undefined;
      this.refresh().catch(() => undefined);
    }

    return value;
  }

  /**
   * Marks the value stale and refetches it now, back-off or not: only the platform's events
   * stream calls this (an event, or the stream reopening), so the platform is reachable, and
   * events come at its pace, not at the rate of the agent's requests.
   */
  invalidate(): void {
    this.breaker.reset();
    this.lastFailure = undefined;
    this.generation += 1;
    this.isStale = this.value !== undefined || this.isStale;
    this.refresh().catch(() => undefined);
  }

  private refresh(): Promise<T> {
    if (this.inflight?.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const promise = this.breaker
      .execute(() => this.load())
      .then(
        (value) => this.fetched(value, generation),
        (error: unknown) => this.failed(error),
      );
    const entry = { generation, promise };
    this.inflight = entry;
    promise
      .finally(() => {
        if (this.inflight === entry) this.inflight = undefined;
      })
      .catch(() => undefined);

    return promise;
  }

  private fetched(value: T, generation: number): T {
    this.value = value;
    this.fetchedAt = Date.now();
    this.fetchedInRefusal = this.options.status.refusals;
    if (generation === this.generation) this.isStale = false;
    this.lastFailure = undefined;
    if (this.hasWarned) this.options.logger('Info', `The ${this.options.name} are fetched from the platform again.`);
    this.hasWarned = false;

    return value;
  }

  private failed(error: unknown): never {
    this.lastFailure = { error };
    // A refused secret or an unreachable platform is logged once by PlatformStatus; an answer
    // the platform gives this resource alone (malformed, say) is logged here, once.
    if (!this.hasWarned && this.options.status.state === 'connected') {
      this.options.logger('Warn', `Could not fetch the ${this.options.name} from the platform: ${messageOf(error)}`);
      this.hasWarned = true;
    }
    throw error;
  }

  private explain(error: unknown): Error {
    if (this.options.status.isRefused) return this.options.status.refusedError(error);
    const retryInMs = this.breaker.retryInMs;
    const retryAfterSeconds = retryInMs > 0 ? Math.ceil(retryInMs / 1000) : DEFAULT_RETRY_AFTER_SECONDS;

    return new PlatformUnavailableError(
      `The platform cannot give this agent its ${this.options.name} now, and the copy it held, if any, is too old ` +
        `to use: try again in ${retryAfterSeconds} s.`,
      { cause: error, details: { retryAfterSeconds } },
    );
  }
}

function messageOf(error: unknown): string {
  return String((error as { message?: unknown } | undefined)?.message ?? error);
}
