import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { AppContext } from '../context';
import { RateLimitError } from '../errors';
import { createRateLimitStore, rateLimiterLogger } from '../http/rate-limit/rate-limit-store';

const WINDOW_MS = 60_000;

/**
 * A per-client-address limit of the cloud OAuth routes, `limit` requests per fixed minute, in the
 * public API's store (memory, or Redis with REDIS_URL so that every instance shares the count).
 * Counted before the body is read. A refusal is a RateLimitError (429 with Retry-After).
 */
function cloudRateLimiter(context: AppContext, name: string, limit: number, what: string): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    keyGenerator: (req: Request) => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    standardHeaders: false,
    legacyHeaders: false,
    store: createRateLimitStore(context, `${context.config.PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX}${name}:`),
    // As for the public API: a store outage lets requests through rather than refusing every login.
    passOnStoreError: true,
    logger: rateLimiterLogger(context, `${name} rate limiter`),
    handler: (req, _res, next) => {
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
      const resetAt = info?.resetTime?.getTime() ?? Date.now() + WINDOW_MS;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      const message = `Too many ${what} from this address (${limit} per minute); retry in ${retryAfterSeconds} s.`;
      next(new RateLimitError(message, retryAfterSeconds));
    },
  });
}

/** `POST /cloud/v1/device/code`: PLATFORM_CLOUD_DEVICE_CODE_RATE_LIMIT per address per minute. */
export function deviceCodeRateLimiter(context: AppContext): RequestHandler {
  const limit = context.config.PLATFORM_CLOUD_DEVICE_CODE_RATE_LIMIT;
  return cloudRateLimiter(context, 'cloud-device-code', limit, 'device sign-ins');
}

/** `POST /cloud/v1/token` and `/cloud/v1/revoke`: PLATFORM_CLOUD_TOKEN_RATE_LIMIT per address per minute. */
export function tokenRateLimiter(context: AppContext): RequestHandler {
  const limit = context.config.PLATFORM_CLOUD_TOKEN_RATE_LIMIT;
  return cloudRateLimiter(context, 'cloud-token', limit, 'token requests');
}
