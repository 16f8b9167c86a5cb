import type { McpTokenRequest, McpTokenResponse } from '@platform/platform-contract';
import type { AppContext } from '../context';
import { isErrorNamed } from '../errors';
import type { Environment } from '../generated/prisma/client';
import { McpTokenError } from './mcp-auth-errors';
import { findActiveMcpClient } from './mcp-clients-service';
import { exchangeMcpCode } from './mcp-code-exchange';
import { refreshMcpToken } from './mcp-refresh-exchange';

/**
 * The token exchange an agent forwards for an MCP client (`agentContract.mcpToken`), on the
 * environment whose secret it sent. The client must stand (`invalid_client` otherwise); then the
 * grant's own rules apply. Throws McpTokenError with the RFC 6749 §5.2 code.
 *
 * @example const tokens = await exchangeMcpToken(context, environment, parsedRequest);
 */
export async function exchangeMcpToken(
  context: AppContext,
  environment: Environment,
  request: McpTokenRequest,
): Promise<McpTokenResponse> {
  const client = await findActiveMcpClient(context, request.client_id).catch((error: unknown) => {
    if (isErrorNamed(error, 'McpClientNotFoundError')) {
      throw new McpTokenError('invalid_client', error.message, { cause: error });
    }
    throw error;
  });
  switch (request.grant_type) {
    case 'authorization_code':
      return exchangeMcpCode(context, environment, client, request);
    case 'refresh_token':
      return refreshMcpToken(context, environment, client, request);
    default: {
      const unknown: never = request;
      throw new Error(`unknown grant type ${JSON.stringify(unknown)}`);
    }
  }
}
