import type { Logger } from 'pino';

/**
 * Whether the rate limiter's Redis is reachable, told once per change: the first failure of an
 * outage is logged at `error` (requests then pass uncounted), its end at `info`. The requests in
 * between log nothing of it: an outage under load would otherwise write a line per request.
 */
export class RedisOutage {
  private downSince: number | undefined;

  constructor(
    private readonly logger: Logger,
    /** The Redis URL without its credentials, to name it in the lines. */
    private readonly redis: string,
  ) {}

  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  /** A command failed or the connection broke: logs the outage if it is new. */
  failed(error: unknown): void {
    if (this.downSince !== undefined) return;
    this.downSince = Date.now();
    this.logger.error(
      { err: error, redis: this.redis },
      'Redis is unreachable: rate limits are not counted, requests pass, until it is back',
    );
  }

  /** The connection is ready again: logs the end of the outage, if any. */
  recovered(): void {
    if (this.downSince === undefined) return;
    const outageMs = Date.now() - this.downSince;
    this.downSince = undefined;
    this.logger.info({ redis: this.redis, outageMs }, 'Redis is reachable again: rate limits are counted again');
  }
}

/** Thrown instead of sending a command while Redis is known down: the limiter lets the request pass at once. */
export class RateLimitStoreUnavailableError extends Error {
  override readonly name = 'RateLimitStoreUnavailableError';
}
