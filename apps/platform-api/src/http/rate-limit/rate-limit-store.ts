import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { type RedisReply, RedisStore } from 'rate-limit-redis';
import type { AppContext } from '../../context';
import { isErrorNamed } from '../../errors';
import { RecoveringRedisStore } from './recovering-redis-store';
import { RateLimitStoreUnavailableError, RedisOutage } from './redis-outage';

interface RedisConnection {
  readonly client: Redis;
  readonly outage: RedisOutage;
}

/** One connection per Redis URL for the whole process, shared by every app built in it. */
const connections = new Map<string, RedisConnection>();

/**
 * Where the public API counts requests: Redis when `REDIS_URL` is set, so that every instance
 * shares the counts, otherwise this process's memory. Each call returns a new store (a store may
 * serve one limiter only). `prefix` keeps each limiter's Redis keys apart (the public API's by default).
 *
 * While Redis is unreachable, its commands fail at once (RateLimitStoreUnavailableError) and the
 * limiters, set with `passOnStoreError`, let requests pass uncounted; the outage is logged once,
 * through the logger of the first context that opened the connection (see RedisOutage).
 */
export function createRateLimitStore(
  context: AppContext,
  prefix = context.config.PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX,
): Store {
  const { REDIS_URL: url } = context.config;
  if (!url) return new MemoryStore();
  const { client, outage } = redisConnection(url, context.logger);
  const sendCommand = async (command: string, ...args: string[]) => {
    if (outage.isDown) throw new RateLimitStoreUnavailableError('Redis is unreachable.');
    try {
      return (await client.call(command, ...args)) as RedisReply;
    } catch (error) {
      // A reply error (a script to load again, say) comes from a Redis that answers.
      if (isErrorNamed(error, 'ReplyError')) throw error;
      outage.failed(error);
      throw new RateLimitStoreUnavailableError('Redis is unreachable.', { cause: error });
    }
  };
  return new RecoveringRedisStore(() => new RedisStore({ sendCommand, prefix }), outage);
}

/**
 * The `logger` option of the rate limiters: their store errors go to `context.logger`, except an
 * unreachable Redis, which RedisOutage already reported once for all requests.
 */
export function rateLimiterLogger(context: AppContext, name: string): Options['logger'] {
  const isReported = (error: unknown) => isErrorNamed(error, 'RateLimitStoreUnavailableError');
  return {
    error: (error: unknown, message?: string) => {
      if (!isReported(error)) context.logger.error({ err: error }, message ?? `${name} error`);
    },
    warn: (error: unknown, message?: string) => context.logger.warn({ err: error }, message ?? `${name} warning`),
  };
}

/** Closes the Redis connections of the rate limiter (server shutdown, end of a test file). */
export async function closeRateLimitStores(): Promise<void> {
  const open = [...connections.values()].map((connection) => connection.client);
  connections.clear();
  await Promise.all(open.map((client) => client.quit().catch(() => client.disconnect())));
}

function redisConnection(url: string, logger: Logger): RedisConnection {
  let connection = connections.get(url);
  if (!connection) {
    // Few retries: a command waits for at most one reconnection before failing, and once an outage
    // is known, none waits at all (see createRateLimitStore).
    const client = new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      connectionName: rateLimitConnectionName(),
    });
    const outage = new RedisOutage(logger, withoutCredentials(url));
    // ioredis reports each failed reconnection as an 'error': the outage logs the first one only.
    client.on('error', (error: unknown) => outage.failed(error));
    client.on('ready', () => outage.recovered());
    connection = { client, outage };
    connections.set(url, connection);
  }
  return connection;
}

function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/** The name this process's rate-limit connection shows in Redis `CLIENT LIST` (operators, tests). */
export function rateLimitConnectionName(): string {
  return `platform-api-rate-limit-${process.pid}`;
}
