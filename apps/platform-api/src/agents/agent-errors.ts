import type { McpTokenErrorCode } from '@platform/platform-contract';
import type { ErrorRequestHandler } from 'express';

/** An authorization code that is unknown, used, expired, or presented with another redirect URI. */
export class InvalidGrantError extends Error {
  override readonly name: string = 'InvalidGrantError';
}

/**
 * The agent contract's error bodies, `{ code, message }` (`@platform/platform-contract`): 401
 * `unauthorized`, 403 `forbidden`, 400 `invalid_grant`; for MCP, 404 `invalid_client` (client
 * lookup) and the token route's RFC 6749 codes (400, 401 for `invalid_client`). Everything else goes on to the app's error
 * handler, whose 400/404/409/500 bodies already have that shape.
 */
export function agentErrorHandler(): ErrorRequestHandler {
  return function handleAgentError(error: unknown, _request, response, next) {
    if (response.headersSent || !(error instanceof Error)) {
      next(error);
      return;
    }
    const known = contractError(error);
    if (!known) {
      next(error);
      return;
    }
    response.status(known.status).json({ code: known.code, message: error.message });
  };
}

function contractError(error: Error): { status: number; code: string } | undefined {
  switch (error.name) {
    case 'AuthenticationError':
      return { status: 401, code: 'unauthorized' };
    case 'ForbiddenError':
      return { status: 403, code: 'forbidden' };
    case 'InvalidGrantError':
      return { status: 400, code: 'invalid_grant' };
    case 'McpTokenError': {
      // mcp-auth's McpTokenError, compared by name like the others.
      const { code } = error as Error & { readonly code: McpTokenErrorCode };
      return { status: code === 'invalid_client' ? 401 : 400, code };
    }
    case 'McpClientNotFoundError':
      return { status: 404, code: 'invalid_client' };
    default:
      return undefined;
  }
}
