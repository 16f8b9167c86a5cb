import type { DataSource, Logger } from '@platform/datasource-toolkit';
import cors from 'cors';
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import type { TokenVerifier } from '../../http/auth/token-verifier';
import { requestId } from '../../http/middlewares/request-id';
import { requestLogger } from '../../http/middlewares/request-logger';
import type { PermissionService } from '../../http/permissions/permission-service';
import { authorizeRoute } from '../oauth/authorize-route';
import type { McpAuthority } from '../oauth/mcp-authority';
import { authorizationServerMetadataRoute, protectedResourceMetadataRoute } from '../oauth/metadata-routes';
import { tokenRoute } from '../oauth/token-route';
import { mcpBearerAuth } from './mcp-bearer-auth';
import type { ResolvedMcpServerOptions } from './mcp-options';
import { mcpProtocolRoute } from './mcp-protocol-route';
import { mcpPaths, mcpUrls, resolveMcpOrigin } from './mcp-urls';

export interface McpRouterDependencies {
  readonly options: ResolvedMcpServerOptions;
  /** Called per request, so that `restart()` can swap the data source. */
  readonly getDataSource: () => DataSource;
  readonly permissions: PermissionService;
  readonly verifier: TokenVerifier;
  /** True only for an offline development agent (see `McpBearerAuthOptions`). */
  readonly acceptsAgentTokens: boolean;
  readonly authority: McpAuthority | undefined;
  /** The MCP server's own listener port, when it has one. */
  readonly ownListenerPort: () => number | undefined;
  readonly logger: Logger;
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** Largest accepted JSON-RPC body (`express.json` syntax); default `'10mb'`. */
  readonly bodyLimit?: string;
  /**
   * Replaces the bearer check of the protocol endpoint; it must store an `McpAuth` in
   * `res.locals.mcpAuth`. Internal: only the conformance test sets it (that suite cannot send a
   * token); neither `mountAiMcpServer` nor any option reaches it.
   */
  readonly authenticate?: RequestHandler;
}

// Bearer tokens, never cookies: any origin may call (browser-based MCP clients and inspectors).
const corsForClients = cors({
  origin: '*',
  allowedHeaders: ['Authorization', 'Content-Type', 'Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'],
  exposedHeaders: ['WWW-Authenticate', 'Mcp-Session-Id', 'X-Request-Id'],
});

/**
 * The MCP server's routes (spec agent-library §4.3): the protocol endpoint, the OAuth facade
 * and the two discovery documents, under `basePath` (the documents at the origin root, suffixed).
 * A known path with another method answers 405 with `Allow`. Without `basePath` the router also
 * captures the `/oauth/*`, `/.well-known/*` and `/mcp` namespaces: any other request there is a
 * 404 and never reaches the host application; with one, other requests pass on.
 */
export function createMcpRouter(deps: McpRouterDependencies): express.Router {
  const { basePath } = deps.options;
  const paths = mcpPaths(basePath);
  const originSources = {
    publicUrl: deps.options.publicUrl,
    agentUrl: () => deps.authority?.environment()?.agentUrl,
    ownListenerPort: deps.ownListenerPort,
  };
  const urls = (req: Request) => mcpUrls(resolveMcpOrigin(originSources, req), paths, basePath);
  const metadata = { authority: deps.authority, urls };
  const resourceMetadataUrl = (res: express.Response) => urls(res.req).protectedResourceMetadata;

  const router = express.Router();
  const routes: ReadonlyArray<readonly [path: string, methods: Record<string, RequestHandler[]>]> = [
    [paths.authorizationServerMetadata, { GET: [authorizationServerMetadataRoute(metadata)] }],
    [paths.protectedResourceMetadata, { GET: [protectedResourceMetadataRoute(metadata)] }],
    [
      paths.mcp,
      {
        POST: [
          deps.authenticate ??
            mcpBearerAuth({
              verifier: deps.verifier,
              acceptsAgentTokens: deps.acceptsAgentTokens,
              resourceMetadataUrl,
            }),
          express.json({ limit: deps.bodyLimit ?? '10mb' }),
          mcpProtocolRoute({
            getDataSource: deps.getDataSource,
            permissions: deps.permissions,
            enabledTools: deps.options.enabledTools,
            logger: deps.logger,
            serverInfo: deps.serverInfo,
            resourceMetadataUrl,
          }),
        ],
      },
    ],
    [
      paths.authorize,
      {
        GET: [authorizeRoute({ authority: deps.authority, resourceUrl: (req) => urls(req).resource })],
        POST: [
          express.urlencoded({ extended: false, limit: '16kb' }),
          authorizeRoute({ authority: deps.authority, resourceUrl: (req) => urls(req).resource }),
        ],
      },
    ],
    [
      paths.token,
      {
        POST: [
          express.urlencoded({ extended: false, limit: '16kb' }),
          express.json({ limit: '16kb' }),
          tokenRoute({ authority: deps.authority, resourceUrl: (req) => urls(req).resource }),
        ],
      },
    ],
  ];

  const served = express.Router();
  served.use(requestId(), requestLogger(deps.logger), corsForClients);
  for (const [path, methods] of routes) {
    const route = served.route(path);
    for (const [method, handlers] of Object.entries(methods)) {
      route[method.toLowerCase() as 'get' | 'post'](...handlers);
    }
    const allow = [...Object.keys(methods), ...(methods.GET ? ['HEAD'] : []), 'OPTIONS'].join(', ');
    route.all((req, res) => {
      res
        .status(405)
        .set('Allow', allow)
        .json({
          error: 'method_not_allowed',
          error_description: `${req.method} is not allowed on ${path}: use ${Object.keys(methods).join(' or ')}.`,
        });
    });
  }
  if (basePath === '') {
    served.use(['/oauth', '/.well-known', '/mcp'], (req, res) => {
      res.status(404).json({
        error: 'not_found',
        error_description: `No MCP route ${req.method} ${req.originalUrl.split('?')[0]}.`,
      });
    });
  }
  served.use(mcpErrorHandler(deps.logger));

  // Only requests for the MCP server's paths and namespaces enter it (and get its request id and log line).
  const isMine = (path: string) =>
    routes.some(([candidate]) => sameRoute(path, candidate)) ||
    (basePath === '' && /^\/(oauth|\.well-known|mcp)(\/|$)/i.test(path));
  router.use((req, res, next) => (isMine(req.path) ? served(req, res, next) : next()));

  return router;
}

/** Express matches routes case-insensitively and ignores one trailing slash: so does this. */
function sameRoute(path: string, route: string): boolean {
  return path.replace(/\/$/, '').toLowerCase() === route.toLowerCase();
}

function mcpErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ error: 'invalid_request', error_description: (error as Error).message });
      return;
    }
    logger('Error', `Unexpected error on ${req.method} ${req.originalUrl.split('?')[0]}`, error as Error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).json({ error: 'server_error', error_description: 'Unexpected error.' });
  };
}
