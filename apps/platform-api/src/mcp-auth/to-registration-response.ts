import type { McpClientRegistrationResponse } from '@platform/platform-contract';
import { formatMcpScopes } from '@platform/platform-contract';
import type { McpClient } from '../generated/prisma/client';
import { toMcpScopes } from './mcp-scopes';

/**
 * The RFC 7591 §3.2.1 answer for a registered client. Every client is public and gets both grant
 * types, whatever it asked for: the platform issues refresh tokens to all.
 */
export function toRegistrationResponse(client: McpClient): McpClientRegistrationResponse {
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    ...(client.uri === null ? {} : { client_uri: client.uri }),
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: formatMcpScopes(toMcpScopes(client.scopes)),
  };
}
