import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { AppContext } from '../../context';
import { RateLimitError } from '../../errors';
import { createRateLimitStore, rateLimiterLogger } from '../../http/rate-limit/rate-limit-store';
import { wellFormedBearerHash } from '../../tokens/bearer-hash';
import { getAuthentication } from '../../tokens/token-authentication';

/**
 * The public API's rate limit (docs/public-api.md, "Rate limits"): `PLATFORM_PUBLIC_API_RATE_LIMIT`
 * requests per `PLATFORM_PUBLIC_API_RATE_WINDOW_MS` per application token, counted from the first
 * request of a fixed window; requests without a valid token share
 * `PLATFORM_PUBLIC_API_ANONYMOUS_RATE_LIMIT` per client address. Every response carries
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix time, in seconds, at
 * which the window ends); a refused request gets 429 `rate_limited` with `Retry-After` (seconds).
 *
 * Mounted once, BEFORE any database work: a well-formed token (checked without the database)
 * counts against the SHA-256 of its value, anything else against the address. A token past its
 * limit, or an address past its limit without a well-formed token, costs no statement at all.
 * `countFailedTokenPerAddress` then counts well-formed tokens that failed authentication against
 * the address as well, with the same limiter (so the same store and counts).
 */
export function publicApiRateLimiter(context: AppContext): RequestHandler {
  const { config } = context;
  const windowMs = config.PLATFORM_PUBLIC_API_RATE_WINDOW_MS;
  return rateLimit({
    windowMs,
    limit: (req: Request, res: Response) =>
      tokenHashKeyOf(req, res) === undefined
        ? config.PLATFORM_PUBLIC_API_ANONYMOUS_RATE_LIMIT
        : config.PLATFORM_PUBLIC_API_RATE_LIMIT,
    keyGenerator: (req: Request, res: Response) =>
      tokenHashKeyOf(req, res) ?? `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    standardHeaders: false,
    legacyHeaders: true,
    store: createRateLimitStore(context),
    // A rate-limit store outage must not take the API down: requests pass, and the error is logged.
    passOnStoreError: true,
    logger: rateLimiterLogger(context, 'rate limiter'),
    // Refusals go through the app's error handler, which writes the 429 body and `Retry-After`.
    handler: (req, res, next) => {
      const info = (req as Request & { rateLimit?: { limit: number; resetTime?: Date } }).rateLimit;
      const resetAt = info?.resetTime?.getTime() ?? Date.now() + windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      const scope = tokenHashKeyOf(req, res) === undefined ? 'per client address without a valid token' : 'per token';
      const limit = `${info?.limit ?? '?'} requests per ${windowMs / 1000} s ${scope}`;
      next(new RateLimitError(`Rate limit exceeded (${limit}); retry in ${retryAfterSeconds} s.`, retryAfterSeconds));
    },
  });
}

const PER_ADDRESS_KEY = 'publicApiRateLimitPerAddress';

/** Put before the limiter on anonymous routes (`/v1/openapi.json`): counted per address, token or not. */
export function countPerAddress(): RequestHandler {
  return function countPublicApiRequestPerAddress(_req, res, next) {
    res.locals[PER_ADDRESS_KEY] = true;
    next();
  };
}

/**
 * After the request's authentication: a well-formed token that failed it (unknown, revoked,
 * expired) counts against the address too, as requests without a valid token always did;
 * otherwise minting look-alike tokens (the checksum is public) would get a fresh counter per
 * value. Such a request then carries the address's headers. `limiter` is the one mounted first.
 */
export function countFailedTokenPerAddress(limiter: RequestHandler): RequestHandler {
  return function countFailedPublicApiTokenPerAddress(req, res, next) {
    const authentication = getAuthentication(res);
    if (authentication === undefined || authentication.isAuthenticated || wellFormedBearerHash(req) === undefined) {
      next();
      return;
    }
    res.locals[PER_ADDRESS_KEY] = true;
    void limiter(req, res, next);
  };
}

/** `token:<sha-256>` for a well-formed token; undefined (count per address) otherwise. */
function tokenHashKeyOf(req: Request, res: Response): string | undefined {
  if (res.locals[PER_ADDRESS_KEY] === true) return undefined;
  const hash = wellFormedBearerHash(req);
  return hash === undefined ? undefined : `token:${hash}`;
}
