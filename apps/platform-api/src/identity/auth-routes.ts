import { Router } from 'express';
import type { AppContext } from '../context';
import { loginRoutes } from './login-routes';
import { meRoute } from './me-route';
import { oidcRoutes } from './oidc-routes';

/**
 * Everything about signing in to platform-api: the login page (`/login`, `/logout`), SSO through
 * OpenID Connect (`/auth/oidc/*`) and `GET /me`. See docs/identity.md.
 */
export function authRoutes(context: AppContext): Router {
  const router = Router();
  router.use(loginRoutes(context));
  router.use(oidcRoutes(context));
  router.use(meRoute(context));
  return router;
}
