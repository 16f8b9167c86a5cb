import { type McpTokenRequest, mcpTokenRequestSchema } from '@platform/platform-contract';
import { parseOrThrow } from '../errors';
import { McpTokenError } from './mcp-auth-errors';

const GRANT_TYPES: readonly unknown[] = ['authorization_code', 'refresh_token'];

/**
 * The token request body (`mcpTokenRequestSchema`). A grant type other than the two supported is
 * `unsupported_grant_type`; any other malformed body a ValidationError (`invalid_request`).
 */
export function parseMcpTokenRequest(body: unknown): McpTokenRequest {
  const grantType =
    typeof body === 'object' && body !== null ? (body as { grant_type?: unknown }).grant_type : undefined;
  if (typeof grantType === 'string' && !GRANT_TYPES.includes(grantType)) {
    throw new McpTokenError(
      'unsupported_grant_type',
      `Unsupported grant type '${grantType}': use authorization_code or refresh_token.`,
    );
  }
  return parseOrThrow(mcpTokenRequestSchema, body, 'body');
}
