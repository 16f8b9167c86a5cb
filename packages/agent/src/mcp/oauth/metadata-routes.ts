import { MCP_REGISTRATION_PATH, MCP_SCOPES } from '@platform/platform-contract';
import type { Request, RequestHandler } from 'express';
import type { McpUrls } from '../server/mcp-urls';
import type { McpAuthority } from './mcp-authority';

export interface MetadataDependencies {
  readonly authority: McpAuthority | undefined;
  readonly urls: (req: Request) => McpUrls;
}

/**
 * `GET /.well-known/oauth-authorization-server<basePath>` (RFC 8414): the agent's facade as
 * the issuer, with its own authorize and token endpoints and the platform's registration
 * endpoint (RFC 7591). Public clients with PKCE S256 only.
 */
export function authorizationServerMetadataRoute(deps: MetadataDependencies): RequestHandler {
  return (req, res) => {
    if (deps.authority === undefined) {
      res.status(503).json({
        error: 'temporarily_unavailable',
        error_description: 'This agent runs offline: there is no platform to authorize MCP clients with.',
      });
      return;
    }
    const urls = deps.urls(req);
    res.set('Cache-Control', 'public, max-age=300').json({
      issuer: urls.issuer,
      authorization_endpoint: urls.authorizationEndpoint,
      token_endpoint: urls.tokenEndpoint,
      registration_endpoint: `${deps.authority.serverUrl}${MCP_REGISTRATION_PATH}`,
      scopes_supported: MCP_SCOPES,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
    });
  };
}

/**
 * `GET /.well-known/oauth-protected-resource<basePath>/mcp` (RFC 9728): the MCP endpoint as the
 * resource, and the facade as its authorization server.
 */
export function protectedResourceMetadataRoute(deps: MetadataDependencies): RequestHandler {
  return (req, res) => {
    const urls = deps.urls(req);
    res.set('Cache-Control', 'public, max-age=300').json({
      resource: urls.resource,
      authorization_servers: [urls.issuer],
      scopes_supported: MCP_SCOPES,
      bearer_methods_supported: ['header'],
      resource_name: 'Platform agent MCP server',
    });
  };
}
