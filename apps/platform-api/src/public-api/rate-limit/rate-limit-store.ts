import { MemoryStore, type Store } from 'express-rate-limit';
import Redis from 'ioredis';
import { type RedisReply, RedisStore } from 'rate-limit-redis';
import type { Config } from '../../config/config';

/** One connection per Redis URL for the whole process, shared by every app built in it. */
const clients = new Map<string, Redis>();

/**
 * Where the public API counts requests: Redis when `REDIS_URL` is set, so that every instance
 * shares the counts, otherwise this process's memory. Each call returns a new store (a store may
 * serve one limiter only). `prefix` keeps each limiter's Redis keys apart (the public API's by default).
 */
export function createRateLimitStore(config: Config, prefix = config.PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX): Store {
  if (!config.REDIS_URL) return new MemoryStore();
  const client = redisClient(config.REDIS_URL);
  return new RedisStore({
    sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
    prefix,
  });
}

/** Closes the Redis connections of the rate limiter (server shutdown, end of a test file). */
export async function closeRateLimitStores(): Promise<void> {
  const open = [...clients.values()];
  clients.clear();
  await Promise.all(open.map((client) => client.quit().catch(() => client.disconnect())));
}

function redisClient(url: string): Redis {
  let client = clients.get(url);
  if (!client) {
    // Few retries: while Redis is unreachable, requests pass unlimited (see the limiter) instead of
    // waiting on an offline queue.
    client = new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      connectionName: rateLimitConnectionName(),
    });
    client.on('error', () => {
      // Reported per request by the limiter; without a listener ioredis prints every reconnect.
    });
    clients.set(url, client);
  }
  return client;
}

/** The name this process's rate-limit connection shows in Redis `CLIENT LIST` (operators, tests). */
export function rateLimitConnectionName(): string {
  return `platform-api-rate-limit-${process.pid}`;
}
