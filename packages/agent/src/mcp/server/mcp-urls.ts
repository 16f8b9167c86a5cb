import type { Request } from 'express';

/** The paths the MCP server answers, relative to the origin (spec agent-library §4.3). */
export interface McpPaths {
  readonly mcp: string;
  readonly authorize: string;
  readonly token: string;
  /** RFC 8414 §3: at the origin root, suffixed with the issuer's path (the base path). */
  readonly authorizationServerMetadata: string;
  /** RFC 9728 §3.1: at the origin root, suffixed with the resource's path. */
  readonly protectedResourceMetadata: string;
}

/** The paths for `basePath` (`''` or `/prefix`): a prefix of `/mcp` gives `/mcp/mcp`. */
export function mcpPaths(basePath: string): McpPaths {
  return {
    mcp: `${basePath}/mcp`,
    authorize: `${basePath}/oauth/authorize`,
    token: `${basePath}/oauth/token`,
    authorizationServerMetadata: `/.well-known/oauth-authorization-server${basePath}`,
    protectedResourceMetadata: `/.well-known/oauth-protected-resource${basePath}/mcp`,
  };
}

/** The absolute URLs of the MCP server at `origin`. */
export interface McpUrls {
  /** The authorization-server facade's issuer: the origin plus the base path. */
  readonly issuer: string;
  /** The protected resource (RFC 8707 `resource`, RFC 9728 `resource`): the MCP endpoint. */
  readonly resource: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly protectedResourceMetadata: string;
}

export function mcpUrls(origin: string, paths: McpPaths, basePath: string): McpUrls {
  return {
    issuer: `${origin}${basePath}`,
    resource: `${origin}${paths.mcp}`,
    authorizationEndpoint: `${origin}${paths.authorize}`,
    tokenEndpoint: `${origin}${paths.token}`,
    protectedResourceMetadata: `${origin}${paths.protectedResourceMetadata}`,
  };
}

/** Where the MCP server's public origin comes from, in order. */
export interface McpOriginSources {
  /** `publicUrl` / `PLATFORM_MCP_SERVER_URL`. */
  readonly publicUrl: string | undefined;
  /** The environment's agent URL, once the platform gave it. */
  readonly agentUrl: () => string | null | undefined;
  /** The port of the MCP server's own listener, when it has one (a standalone agent). */
  readonly ownListenerPort: () => number | undefined;
}

/**
 * The public origin of the MCP server: the configured one; else the agent URL's origin (with the
 * MCP listener's port when it has its own); else, for an agent that has not reached the platform
 * (offline development), the origin the request was sent to.
 */
export function resolveMcpOrigin(sources: McpOriginSources, req: Request): string {
  if (sources.publicUrl !== undefined) return sources.publicUrl;
  const agentUrl = sources.agentUrl();
  if (agentUrl) {
    const url = new URL(agentUrl);
    const port = sources.ownListenerPort();
    if (port !== undefined) url.port = String(port);
    return url.origin;
  }

  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** The path of an agent URL, `''` at the domain root. */
export function agentUrlPath(agentUrl: string): string {
  return new URL(agentUrl).pathname.replace(/\/+$/, '');
}
