import type { Logger } from '@platform/datasource-toolkit';
import { PlatformUnavailableError } from './platform-errors';

export interface CachedResourceOptions {
  /** What the resource is, in log lines and errors (`permissions`, `users`). */
  readonly name: string;
  /** Age after which a read still answers the cached value but refreshes it in the background. */
  readonly refreshAfterMs: number;
  /** Age after which the cached value is no longer used: a read waits for the platform. */
  readonly maxAgeMs: number;
  readonly logger: Logger;
}

/**
 * One piece of platform data (permissions, users, renderings) cached in memory.
 *
 * - Concurrent reads share one fetch.
 * - Reads never wait once warm: past `refreshAfterMs` they answer the cached value and refresh
 *   it in the background; past `maxAgeMs` (the platform failed to answer all that time) the
 *   value is dropped and reads fail with PlatformUnavailableError until the platform answers.
 * - `invalidate()` (an event said the data changed) marks the value stale and refetches at
 *   once; until that fetch lands, reads wait for it rather than answer the stale value. A fetch
 *   started before an invalidation does not clear it: its answer may predate the change.
 * - Each fetch stores the object `load` returns: derived caches key on its identity, so `load`
 *   must build a new object rather than change the one it returned before.
 */
export class CachedResource<T> {
  private value: T | undefined;
  private fetchedAt = 0;
  private isStale = false;
  /** Incremented by each invalidation. */
  private generation = 0;
  private inflight: { readonly generation: number; readonly promise: Promise<T> } | undefined;
  private isFailing = false;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly options: CachedResourceOptions,
  ) {}

  /** The value, fetched when missing, stale or too old. @throws PlatformUnavailableError */
  async get(): Promise<T> {
    const current = this.current();
    if (current !== undefined) return current;

    try {
      return await this.refresh();
    } catch (error) {
      throw new PlatformUnavailableError(
        `The platform cannot give this agent its ${this.options.name} and the copy it held is too old to use: ` +
          'try again once the platform is reachable.',
        { cause: error },
      );
    }
  }

  /**
   * The value when a read can answer it without waiting (held, not invalidated, younger than
   * `maxAgeMs`; past `refreshAfterMs` a background refresh starts, as with `get()`), else
   * undefined: then call `get()`. Warm reads on a hot path skip a promise this way.
   */
  current(): T | undefined {
    const { value } = this;
    if (value === undefined || this.isStale) return undefined;
    const age = Date.now() - this.fetchedAt;
    if (age >= this.options.refreshAfterMs) {
      if (age >= this.options.maxAgeMs) return undefined;
      this.refresh().catch(() => undefined);
    }

    return value;
  }

  /** Marks the value stale and refetches it now. */
  invalidate(): void {
    this.generation += 1;
    this.isStale = this.value !== undefined || this.isStale;
    this.refresh().catch(() => undefined);
  }

  private refresh(): Promise<T> {
    if (this.inflight?.generation === this.generation) return this.inflight.promise;
    const generation = this.generation;
    const promise = this.load().then(
      (value) => {
        this.value = value;
        this.fetchedAt = Date.now();
        if (generation === this.generation) this.isStale = false;
        if (this.isFailing) this.options.logger('Info', `The platform answered again: ${this.options.name} refreshed.`);
        this.isFailing = false;
        return value;
      },
      (error: unknown) => {
        if (!this.isFailing) {
          this.options.logger(
            'Warn',
            `Could not refresh the ${this.options.name} from the platform: ${(error as Error).message} ` +
              `The cached copy is used for at most ${Math.round(this.options.maxAgeMs / 1000)} s.`,
          );
        }
        this.isFailing = true;
        throw error;
      },
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
}
