import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { RedisStore } from 'rate-limit-redis';
import { isErrorNamed } from '../../errors';
import type { RedisOutage } from './redis-outage';

/**
 * A RedisStore that is built again once Redis is back. `rate-limit-redis` loads its Lua scripts
 * once, in `init`, and keeps the promise: if Redis was down then (platform-api started during an
 * outage), every later call fails on that promise and the limiter never counts again. Here, a call
 * that fails as unreachable while Redis is known reachable gets a new store, initialised anew.
 */
export class RecoveringRedisStore implements Store {
  readonly localKeys = false;
  private store: RedisStore;
  private options: Options | undefined;

  constructor(
    private readonly createStore: () => RedisStore,
    private readonly outage: RedisOutage,
  ) {
    this.store = createStore();
  }

  get prefix(): string {
    return this.store.prefix;
  }

  async init(options: Options): Promise<void> {
    this.options = options;
    await this.store.init(options);
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.withRecovery(() => this.store.get(key));
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.withRecovery(() => this.store.increment(key));
  }

  decrement(key: string): Promise<void> {
    return this.withRecovery(() => this.store.decrement(key));
  }

  resetKey(key: string): Promise<void> {
    return this.withRecovery(() => this.store.resetKey(key));
  }

  private async withRecovery<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const isStale = isErrorNamed(error, 'RateLimitStoreUnavailableError') && !this.outage.isDown;
      if (!isStale || !this.options) throw error;
      this.store = this.createStore();
      await this.store.init(this.options);
      return call();
    }
  }
}
