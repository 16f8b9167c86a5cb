import type express from 'express';
import { authorizeRoutes } from './agents/authorize-routes';
import type { AppContext } from './context';
import { authRoutes } from './identity/auth-routes';
import { tokenRoutes } from './tokens/token-routes';
import { workflowAdminRoutes } from './workflows/workflow-admin-routes';

/**
 * Mounts every feature's session routes, between the JSON body parser and the 404 + error handlers
 * (see src/app.ts; the public API under /v1 is mounted before them, there). Each feature adds one
 * line here, e.g. `app.use(authRoutes(context));`.
 */
export function mountRoutes(app: express.Express, context: AppContext): void {
  // One line per feature router, mounted in the order written.
  app.use(authRoutes(context));
  app.use(tokenRoutes(context));
  app.use(authorizeRoutes(context));
  app.use(workflowAdminRoutes(context));
}
