import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { AppContext } from '../../context';
import { RateLimitError } from '../../errors';
import { getAuthentication } from '../auth/public-api-auth';
import { createRateLimitStore } from './rate-limit-store';

/**
 * The public API's rate limit (docs/public-api.md, "Rate limits"): `PLATFORM_PUBLIC_API_RATE_LIMIT`
 * requests per `PLATFORM_PUBLIC_API_RATE_WINDOW_MS` per application token, counted from the first
 * request of a fixed window; requests without a valid token share
 * `PLATFORM_PUBLIC_API_ANONYMOUS_RATE_LIMIT` per client address. Every response carries
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix time, in seconds, at
 * which the window ends); a refused request gets 429 `rate_limited` with `Retry-After` (seconds).
 *
 * Runs after `authenticateRequest`, which tells it the token.
 */
export function publicApiRateLimiter(context: AppContext): RequestHandler {
  const { config } = context;
  const windowMs = config.PLATFORM_PUBLIC_API_RATE_WINDOW_MS;
  return rateLimit({
    windowMs,
    limit: (_req: Request, res: Response) =>
      tokenIdOf(res) === undefined
        ? config.PLATFORM_PUBLIC_API_ANONYMOUS_RATE_LIMIT
        : config.PLATFORM_PUBLIC_API_RATE_LIMIT,
    keyGenerator: (req: Request, res: Response) => {
      const tokenId = tokenIdOf(res);
      return tokenId === undefined ? `ip:${ipKeyGenerator(req.ip ?? 'unknown')}` : `token:${tokenId}`;
    },
    standardHeaders: false,
    legacyHeaders: true,
    store: createRateLimitStore(config),
    // A rate-limit store outage must not take the API down: requests pass, and the error is logged.
    passOnStoreError: true,
    logger: {
      error: (error: unknown, message?: string) =>
        context.logger.error({ err: error }, message ?? 'rate limiter error'),
      warn: (error: unknown, message?: string) =>
        context.logger.warn({ err: error }, message ?? 'rate limiter warning'),
    },
    // Refusals go through the app's error handler, which writes the 429 body and `Retry-After`.
    handler: (req, res, next) => {
      const info = (req as Request & { rateLimit?: { limit: number; resetTime?: Date } }).rateLimit;
      const resetAt = info?.resetTime?.getTime() ?? Date.now() + windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      const scope = tokenIdOf(res) === undefined ? 'per client address without a valid token' : 'per token';
      const limit = `${info?.limit ?? '?'} requests per ${windowMs / 1000} s ${scope}`;
      next(new RateLimitError(`Rate limit exceeded (${limit}); retry in ${retryAfterSeconds} s.`, retryAfterSeconds));
    },
  });
}

function tokenIdOf(res: Response): number | undefined {
  const authentication = getAuthentication(res);
  return authentication?.isAuthenticated ? authentication.token.token.id : undefined;
}
