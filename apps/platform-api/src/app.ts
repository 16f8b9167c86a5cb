import { AGENT_API_PREFIX } from '@platform/platform-contract';
import express from 'express';
import { agentRoutes } from './agents/agent-routes';
import { type CliRelayOptions, cliRelayRoute } from './cli/relay/cli-relay-route';
import { cloudRoutes } from './cloud/cloud-routes';
import type { AppContext } from './context';
import { createErrorHandler, notFoundHandler } from './http/error-handler';
import { healthRoutes } from './http/health-routes';
import { jsonBody } from './http/json-body';
import { requestLogger } from './http/request-logger';
import { mcpAgentRoutes } from './mcp-auth/mcp-agent-routes';
import { mcpAuthRoutes } from './mcp-auth/mcp-auth-routes';
import { mountRoutes } from './mount-routes';
import { PUBLIC_API_PREFIX, publicApiRouter } from './public-api';
import { createTokensService } from './tokens/tokens-service';
import { webhookRoutes } from './workflows/webhook-routes';

/**
 * Builds platform-api's Express app over an already opened context (database, config, logger).
 * Listening and shutdown live in `startServer` (src/server.ts); tests use the app directly.
 */
export interface CreateAppOptions {
  /** Serve `POST /admin/cli` for the CLI of other processes (`start` on the embedded database). */
  readonly cliRelay?: CliRelayOptions;
}

export function createApp(context: AppContext, options: CreateAppOptions = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');

  // Order matters: the request id comes first so every log line and error response carries it.
  app.use(requestLogger(context.logger, { ignore: (request) => request.url === '/health' }));
  app.use(healthRoutes(context));
  // The public API owns every /v1 path and is the hot one, so it comes before the other routers.
  // It parses JSON bodies itself, after its rate limiter: a malformed or oversized body is counted
  // and carries the X-RateLimit-* headers like any other /v1 request.
  app.use(PUBLIC_API_PREFIX, publicApiRouter(context));
  // The agents' routes check the environment secret before parsing (larger) bodies themselves.
  app.use(AGENT_API_PREFIX, mcpAgentRoutes(context), agentRoutes(context));
  // Workflow webhooks check their URL and token before parsing the body themselves (spec §7 order).
  app.use(webhookRoutes(context, createTokensService(context)));
  // MCP client registration counts its rate limit before reading the body; the authorize form reads its own.
  app.use(mcpAuthRoutes(context));
  // The cloud CLI's routes check their rate limit or access token before reading bodies (up to 10 MB).
  app.use(cloudRoutes(context));
  app.use(jsonBody());
  if (options.cliRelay) app.use(cliRelayRoute(context, options.cliRelay));
  mountRoutes(app, context);
  app.use(notFoundHandler());
  app.use(createErrorHandler(context.logger));
  return app;
}
