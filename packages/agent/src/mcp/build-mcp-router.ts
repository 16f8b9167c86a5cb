import type { DataSource, Logger } from '@platform/datasource-toolkit';
import type { RequestHandler } from 'express';
import packageJson from '../../package.json';
import type { ResolvedAgentOptions } from '../agent/agent-options';
import type { PlatformClient } from '../agent/platform-client';
import { createAuthSecretTokenVerifier } from '../http/auth/auth-secret-token-verifier';
import { createCompositeTokenVerifier } from '../http/auth/token-verifier';
import { createDevelopmentPermissions } from '../http/permissions/development-permissions';
import { createMcpRouter } from './server/create-mcp-router';
import type { ResolvedMcpServerOptions } from './server/mcp-options';
import { agentUrlPath } from './server/mcp-urls';

export interface McpBuildInputs {
  readonly dataSource: DataSource;
  readonly options: ResolvedAgentOptions;
  readonly mcp: ResolvedMcpServerOptions;
  readonly logger: Logger;
  readonly platform: PlatformClient;
  /** The MCP server's own listener port, when it has one. */
  readonly ownListenerPort: () => number | undefined;
}

/** `basePath` was set although the agent is not served at the domain root (spec agent-library §7.3). */
export class McpBasePathError extends Error {
  override readonly name = 'McpBasePathError';
}

/**
 * The MCP server's router for one build of the agent: the same data source, permission service
 * (with activity reporting) and platform key set as the agent's routes.
 */
export function buildMcpRouter(inputs: McpBuildInputs): RequestHandler {
  const { options, platform } = inputs;
  const verifier = createCompositeTokenVerifier([
    ...(platform.routeOptions.tokenVerifiers ?? []),
    createAuthSecretTokenVerifier(options.authSecret, { maxLifetime: options.maxTokenLifetime }),
  ]);

  return createMcpRouter({
    options: inputs.mcp,
    getDataSource: () => inputs.dataSource,
    permissions: platform.routeOptions.permissions ?? createDevelopmentPermissions(),
    verifier,
    acceptsAgentTokens: options.offline,
    authority: platform.mcpAuthority,
    ownListenerPort: inputs.ownListenerPort,
    logger: inputs.logger,
    serverInfo: { name: packageJson.name, version: packageJson.version },
    bodyLimit: options.bodyLimit,
  });
}

/**
 * The discovery documents live at the origin root (RFC 8414, RFC 9728): a `basePath` cannot
 * work when the agent's URL has a path of its own.
 * @throws McpBasePathError
 */
export function checkMcpBasePath(mcp: ResolvedMcpServerOptions, agentUrl: string | null | undefined): void {
  if (mcp.basePath === '' || !agentUrl || mcp.publicUrl !== undefined) return;
  const path = agentUrlPath(agentUrl);
  if (path !== '') {
    throw new McpBasePathError(
      `mountAiMcpServer({ basePath: '${mcp.basePath}' }) needs the agent served at the domain root, but its URL ` +
        `${agentUrl} has the path ${path}: the MCP discovery documents must be at the origin root. Serve the agent ` +
        'at the root of its domain, or remove basePath (the MCP routes are then /mcp, /oauth/* and /.well-known/*).',
    );
  }
}
