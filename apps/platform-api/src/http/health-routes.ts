import { Router } from 'express';
import type { AppContext } from '../context';

/** How long /ready waits for the database before answering 503. */
const READY_TIMEOUT_MS = 2_000;

/**
 * `GET /health`: 200 while the process runs (liveness). `GET /ready`: 200 when the database
 * answers a trivial query, else 503 (readiness: take the instance out of a load balancer).
 */
export function healthRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/health', (_request, response) => {
    response.json({ status: 'ok' });
  });

  router.get('/ready', async (request, response) => {
    try {
      await withTimeout(context.prisma.$queryRaw`SELECT 1`, READY_TIMEOUT_MS);
      response.json({ status: 'ready', database: 'ok' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database unreachable');
      response.status(503).json({ status: 'unavailable', database: 'unreachable' });
    }
  });

  return router;
}

async function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${milliseconds} ms`)), milliseconds);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
