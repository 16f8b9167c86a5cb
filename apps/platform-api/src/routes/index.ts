import type express from 'express';
import type { AppContext } from '../context';
import { PUBLIC_API_PREFIX, publicApiRouter } from '../public-api';
import { authRoutes } from './auth/auth-routes';
import { tokenRoutes } from './tokens/token-routes';

/**
 * Mounts every feature's routes, between the health checks and the 404 + error handlers (see
 * src/app.ts). Each feature adds one line here, e.g. `app.use(authRoutes(context));`.
 */
export function mountRoutes(app: express.Express, context: AppContext): void {
  // One line per feature router, mounted in the order written. The public API comes first: it
  // owns every /v1 path and is the hot one, so its requests skip the other routers' path tests.
  app.use(PUBLIC_API_PREFIX, publicApiRouter(context));
  app.use(authRoutes(context));
  app.use(tokenRoutes(context));
}
