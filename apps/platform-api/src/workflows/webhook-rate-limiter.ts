import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext } from '../context';
import { RateLimitError } from '../errors';
import { createRateLimitStore, rateLimiterLogger } from '../http/rate-limit/rate-limit-store';

const WINDOW_MS = 60_000;

/** What the limiter counts against: set on `res.locals` by the webhook route once the trigger is known. */
export interface WebhookLimit {
  readonly workflowId: number;
  readonly perMinute: number;
}

export const WEBHOOK_LIMIT_LOCALS_KEY = 'webhookLimit';

function limitOf(res: Response): WebhookLimit {
  const limit = res.locals[WEBHOOK_LIMIT_LOCALS_KEY] as WebhookLimit | undefined;
  if (!limit) throw new Error('the webhook rate limiter runs after the trigger is resolved');
  return limit;
}

/**
 * The per-webhook rate limit (spec §8): each trigger's `rateLimitPerMinute` calls per fixed minute,
 * all callers together, in the public API's store (memory, or Redis with REDIS_URL so that every
 * instance shares the count). A refused call gets 429 with `Retry-After`.
 */
export function webhookRateLimiter(context: AppContext): RequestHandler {
  const { config } = context;
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: (_req: Request, res: Response) => limitOf(res).perMinute,
    keyGenerator: (_req: Request, res: Response) => `workflow:${limitOf(res).workflowId}`,
    standardHeaders: false,
    legacyHeaders: true,
    store: createRateLimitStore(context, `${config.PLATFORM_PUBLIC_API_RATE_LIMIT_PREFIX}webhook:`),
    // As for the public API: a store outage lets calls through rather than taking webhooks down.
    passOnStoreError: true,
    logger: rateLimiterLogger(context, 'webhook rate limiter'),
    handler: (req, res, next) => {
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
      const resetAt = info?.resetTime?.getTime() ?? Date.now() + WINDOW_MS;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
      const message = `Rate limit of this webhook exceeded (${limitOf(res).perMinute} calls per minute); retry in ${retryAfterSeconds} s.`;
      next(new RateLimitError(message, retryAfterSeconds));
    },
  });
}
