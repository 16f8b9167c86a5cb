import express from 'express';
import type { AppContext } from './context';
import { createErrorHandler, notFoundHandler } from './http/error-handler';
import { healthRoutes } from './http/health-routes';
import { requestLogger } from './http/request-logger';
import { mountRoutes } from './routes';

/** Largest JSON body accepted; bigger ones get 413 `payload_too_large`. */
export const JSON_BODY_LIMIT = '1mb';

/**
 * Builds platform-api's Express app over an already opened context (database, config, logger).
 * Listening and shutdown live in `startServer` (src/server.ts); tests use the app directly.
 */
export function createApp(context: AppContext): express.Express {
  const app = express();
  app.disable('x-powered-by');

  // Order matters: the request id comes first so every log line and error response carries it.
  app.use(requestLogger(context.logger, { ignore: (request) => request.url === '/health' }));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(healthRoutes(context));
  mountRoutes(app, context);
  app.use(notFoundHandler());
  app.use(createErrorHandler(context.logger));
  return app;
}
