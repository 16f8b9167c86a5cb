import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { AppContext } from '../context';
import { RateLimitError } from '../errors';
import { createRateLimitStore, rateLimiterLogger } from '../http/rate-limit/rate-limit-store';

/**
 * The limit of client registrations per client address: PLATFORM_MCP_REGISTRATION_RATE_LIMIT per
 * PLATFORM_MCP_REGISTRATION_RATE_WINDOW_MS (fixed window), in the public API's store (memory, or
 * Redis with REDIS_URL so that every instance shares the count). Registration is public and each
 * one stores a row, so it is counted before the body is read. A refusal is a RateLimitError.
 */
export function registrationRateLimiter(context: AppContext): RequestHandler {
  const { config } = context;
  const windowMs = config.PLATFORM_MCP_REGISTRATION_RATE_WINDOW_MS;
  return rateLimit({
    windowMs,
    limit: config.PLATFORM_MCP_REGISTRATION_RATE_LIMIT,
    keyGenerator: (req: Request) => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    standardHeaders: false,
    legacyHeaders: false,
    store: createRateLimitStore(context, `${config.PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX}mcp-registration:`),
    // As for the public API: a store outage lets registrations through rather than refusing them all.
    passOnStoreError: true,
    logger: rateLimiterLogger(context, 'MCP registration rate limiter'),
    handler: (req, _res, next) => {
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
      const resetAt = info?.resetTime?.getTime() ?? Date.now() + windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      const message = `Too many client registrations from this address (${config.PLATFORM_MCP_REGISTRATION_RATE_LIMIT} per ${Math.round(windowMs / 1000)} s); retry in ${retryAfterSeconds} s.`;
      next(new RateLimitError(message, retryAfterSeconds));
    },
  });
}
