import type { AiProvider } from '@platform/ai-proxy';
import { type DataSource, type Logger, NotFoundError } from '@platform/datasource-toolkit';
import cors from 'cors';
import express from 'express';
import { AI_PROXY_PATH, createAiProxyRouter } from '../ai/ai-proxy-router';
import { createAuthSecretTokenVerifier } from './auth/auth-secret-token-verifier';
import { authenticate } from './auth/authenticate';
import { type AuthenticationDependencies, registerAuthenticationRoutes } from './auth/authentication-routes';
import { createCompositeTokenVerifier, type TokenVerifier } from './auth/token-verifier';
import { createErrorHandler } from './error-handler';
import { jsonBody } from './middlewares/json-body';
import { requestId } from './middlewares/request-id';
import { requestLogger } from './middlewares/request-logger';
import { createDevelopmentPermissions } from './permissions/development-permissions';
import type { PermissionService } from './permissions/permission-service';
import type { RouteDependencies } from './route-context';
import { registerActionRoutes } from './routes/action-routes';
import { registerChartRoutes } from './routes/chart-routes';
import { registerCollectionCountRoute, registerCollectionRoutes } from './routes/collection-routes';
import { registerRecordRoutes } from './routes/record-routes';
import { registerRelationReadRoutes } from './routes/relation-read-routes';
import { registerRelationWriteRoutes } from './routes/relation-write-routes';
import { sendJson } from './send-json';

/** Options of the agent's HTTP surface. */
export interface AgentHttpOptions {
  /** Prefix of every route; default `/platform`. */
  prefix: string;
  /** HS256 secret of the user tokens the agent signs. */
  authSecret: string;
  /** Reserved: the routes behave the same in both modes today (500s never show details). */
  isProduction: boolean;
  /** Drops the positional index from action routes (`/_actions/:collection/:slug`). */
  useUnsafeActionEndpoint: boolean;
  /** Largest accepted request body (`express.json` syntax); default `'10mb'`. */
  bodyLimit?: string;
  /** The platform's web origin(s) allowed by CORS, with credentials. */
  corsOrigins?: string[];
  /** Longest lifetime, in seconds, of the user tokens accepted; default 24 hours. */
  maxTokenLifetime?: number;
  /**
   * Neutralises CSV cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
   * `@`, tab or carriage return) by prefixing them with `'`; default true.
   */
  escapeCsvFormulae?: boolean;
  logger: Logger;
  /** Default: the development-mode permissive service (`createDevelopmentPermissions()`). */
  permissions?: PermissionService;
  /** Action routes: the index of each action within its collection, and the slug (both from the schema). */
  getActionRoute?(collection: string, action: string): { index: number; slug: string };
  /**
   * Extra token issuers, tried before the agent's own HS256 tokens (a connected agent adds the
   * platform's: EdDSA/ES256 tokens verified against its JWKS).
   */
  tokenVerifiers?: TokenVerifier[];
  /** The sign-in routes (`/authentication`, `/authentication/callback`); absent offline. */
  authentication?: AuthenticationDependencies;
  /** The AI proxy's routes under `/_internal/ai-proxy` (`agent.addAi`); absent without a provider. */
  ai?: AiProvider;
}

/**
 * The agent's routes, all under `options.prefix` (see docs/http-routes.md): healthcheck, records,
 * relations, CSV exports, charts and actions, behind bearer authentication and permissions.
 * Requests outside the prefix pass through untouched, so the router can be mounted on a host app.
 *
 * @param getDataSource called per request, so that `restart()` can swap the data source without remounting.
 * @example app.use(createAgentRouter(() => dataSource, { prefix: '/platform', authSecret, isProduction: false, useUnsafeActionEndpoint: false, logger }))
 */
export function createAgentRouter(getDataSource: () => DataSource, options: AgentHttpOptions): express.Router {
  const deps: RouteDependencies = {
    getDataSource,
    permissions: options.permissions ?? createDevelopmentPermissions(),
    csv: { escapeFormulae: options.escapeCsvFormulae ?? true },
  };
  const verifier = createCompositeTokenVerifier([
    ...(options.tokenVerifiers ?? []),
    createAuthSecretTokenVerifier(options.authSecret, { maxLifetime: options.maxTokenLifetime }),
  ]);

  const api = express.Router();
  api.use(requestId(), requestLogger(options.logger));
  // Without `corsOrigins`, `cors({ origin: false })` would only call next(): it is not mounted.
  if (options.corsOrigins !== undefined) {
    api.use(cors({ origin: options.corsOrigins, credentials: true, exposedHeaders: ['X-Request-Id'] }));
  }
  api.get('/', (_req, res) => {
    sendJson(res, 200, { status: 'ok' });
  });
  if (options.authentication !== undefined) {
    registerAuthenticationRoutes(
      api,
      { prefix: options.prefix, authSecret: options.authSecret },
      options.authentication,
    );
  }

  // Bodies are read only once the caller is authenticated: anonymous requests cost no parsing.
  api.use(authenticate(verifier));
  // Before the shared body parser: the AI routes parse their bodies with their own, smaller limit.
  if (options.ai !== undefined) {
    api.use(AI_PROXY_PATH, createAiProxyRouter({ ...deps, provider: options.ai, logger: options.logger }));
  }
  api.use(jsonBody(options.bodyLimit ?? '10mb'));
  // The list and export (single-segment paths, which no other GET route matches) come first: the
  // list is the most frequent request, and Express tries the routes in order.
  registerCollectionRoutes(api, deps);
  registerChartRoutes(api, deps);
  registerActionRoutes(api, deps, {
    useUnsafeActionEndpoint: options.useUnsafeActionEndpoint,
    getActionRoute: options.getActionRoute?.bind(options),
  });
  registerRelationReadRoutes(api, deps);
  registerRelationWriteRoutes(api, deps);
  registerCollectionCountRoute(api, deps);
  registerRecordRoutes(api, deps);
  api.use((req, _res, next) => {
    next(new NotFoundError(`No route ${req.method} ${req.baseUrl}${req.path}.`));
  });
  api.use(createErrorHandler(options.logger));

  const router = express.Router();
  router.use(normalizePrefix(options.prefix), api);

  return router;
}

function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');

  return trimmed.startsWith('/') ? trimmed || '/' : `/${trimmed}`;
}
