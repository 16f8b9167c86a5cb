import {
  describeRequestIssues,
  MCP_TOKEN_ERROR_CODES,
  mcpTokenRequestSchema,
  requestIssuesFromZod,
} from '@platform/platform-contract';
import type { Request, RequestHandler, Response } from 'express';
import type { McpAuthority } from './mcp-authority';

export interface TokenRouteDependencies {
  readonly authority: McpAuthority | undefined;
  readonly resourceUrl: (req: Request) => string;
}

/**
 * `POST <basePath>/oauth/token` (OAuth 2.1 §3.2): the `authorization_code` and `refresh_token`
 * grants of public clients, checked for shape here and forwarded to the platform with the
 * environment secret; the platform checks the code, PKCE, the redirect URI and the refresh
 * token. Its refusals come back as RFC 6749 §5.2 errors with the platform's status.
 */
export function tokenRoute(deps: TokenRouteDependencies): RequestHandler {
  return async function exchangeToken(req, res) {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    if (deps.authority === undefined) {
      refuse(res, 503, 'temporarily_unavailable', 'This agent runs offline: there is no platform to issue MCP tokens.');
      return;
    }
    const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    if (body.grant_type !== 'authorization_code' && body.grant_type !== 'refresh_token') {
      const grant = typeof body.grant_type === 'string' ? `'${body.grant_type}'` : 'none';
      refuse(
        res,
        400,
        body.grant_type === undefined ? 'invalid_request' : 'unsupported_grant_type',
        `Unsupported grant type ${grant}: use authorization_code or refresh_token.`,
      );
      return;
    }
    const parsed = mcpTokenRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issues = requestIssuesFromZod(parsed.error, { renamePath: (path) => path || 'body' });
      refuse(res, 400, 'invalid_request', `Invalid token request (${describeRequestIssues(issues)}).`);
      return;
    }
    if (parsed.data.resource !== undefined && parsed.data.resource !== deps.resourceUrl(req)) {
      refuse(res, 400, 'invalid_target', `The resource must be this MCP server: ${deps.resourceUrl(req)}.`);
      return;
    }

    try {
      res.json(await deps.authority.exchangeToken(parsed.data));
    } catch (error) {
      const { status, code, serverMessage, isTransient } = error as {
        status?: number;
        code?: string;
        serverMessage?: string;
        isTransient?: boolean;
      };
      if (
        (status === 400 || status === 401) &&
        (MCP_TOKEN_ERROR_CODES as readonly (string | undefined)[]).includes(code)
      ) {
        refuse(res, status, code as string, serverMessage ?? 'The platform refused the token request.');
        return;
      }
      if (isTransient === true) {
        refuse(
          res,
          503,
          'temporarily_unavailable',
          'The platform cannot be reached to issue the token: try again shortly.',
        );
        return;
      }
      throw error;
    }
  };
}

function refuse(res: Response, status: number, error: string, description: string): void {
  res.status(status).json({ error, error_description: description });
}
