import { Router } from 'express';
import type { AppContext } from '../context';
import { mcpAuthorizeRoutes } from './mcp-authorize-routes';
import { mcpRegistrationRoutes } from './mcp-registration-routes';

/**
 * The MCP authorization's public and browser routes (docs/mcp-authorization.md): client
 * registration and the authorize page. Its agent-facing routes (client lookup, token exchange)
 * are `mcpAgentRoutes`, mounted with the other `/agent/v1` routes behind the environment secret.
 * Mounted before the app's JSON parser: each route reads its own body.
 */
export function mcpAuthRoutes(context: AppContext): Router {
  const router = Router();
  router.use(mcpRegistrationRoutes(context));
  router.use(mcpAuthorizeRoutes(context));
  return router;
}
