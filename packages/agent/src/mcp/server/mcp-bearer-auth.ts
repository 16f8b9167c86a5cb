import type { Caller } from '@platform/datasource-toolkit';
import { MCP_SCOPES, type McpScope } from '@platform/platform-contract';
import type { RequestHandler, Response } from 'express';
import { decodeJwt } from 'jose';
import type { TokenVerifier } from '../../http/auth/token-verifier';
import { retryAfterSeconds } from '../../http/error-handler';
import { getRequestId } from '../../http/middlewares/request-id';

/** Who calls the MCP endpoint, and the OAuth scopes their token grants. */
export interface McpAuth {
  readonly caller: Caller;
  readonly scopes: ReadonlySet<McpScope>;
}

export interface McpBearerAuthOptions {
  readonly verifier: TokenVerifier;
  /**
   * An offline development agent has no platform to issue MCP tokens: it accepts its own
   * `authSecret` user tokens, with every scope. Never true for a connected agent.
   */
  readonly acceptsAgentTokens: boolean;
  /** The URL of the protected-resource document, named in `WWW-Authenticate`. */
  readonly resourceMetadataUrl: (res: Response) => string;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const ALL_SCOPES: ReadonlySet<McpScope> = new Set(MCP_SCOPES);

/**
 * The MCP endpoint's bearer check (MCP authorization 2025-11-25, RFC 6750 §3): a platform-minted
 * `mcp` token for this environment (its audience), unexpired and untampered. Without one the
 * answer is 401 with `WWW-Authenticate: Bearer resource_metadata="…"`, so that a client
 * discovers how to authorize; a platform that cannot be reached to check it is a 503.
 */
export function mcpBearerAuth(options: McpBearerAuthOptions): RequestHandler {
  return async function authenticateMcpRequest(req, res, next) {
    const challenge = (error?: { code: string; description: string }) => {
      const parts = [
        ...(error ? [`error="${error.code}"`, `error_description="${error.description.replace(/"/g, "'")}"`] : []),
        `resource_metadata="${options.resourceMetadataUrl(res)}"`,
      ];
      res
        .status(401)
        .set('WWW-Authenticate', `Bearer ${parts.join(', ')}`)
        .json({
          error: error?.code ?? 'invalid_request',
          error_description:
            error?.description ?? 'Send an MCP access token in an `Authorization: Bearer <token>` header.',
        });
    };

    const token = BEARER.exec(req.get('Authorization') ?? '')?.[1];
    if (token === undefined) {
      challenge();
      return;
    }

    let caller: Caller;
    try {
      caller = await options.verifier.verify(token);
    } catch (error) {
      const name = (error as { name?: unknown }).name;
      if (name === 'PlatformUnavailableError') {
        res
          .status(503)
          .set('Retry-After', String(retryAfterSeconds(error)))
          .json({ error: 'temporarily_unavailable', error_description: (error as Error).message });
        return;
      }
      // Logged once by the platform client when the platform started refusing, not per request.
      if (name === 'PlatformSecretRefusedError') {
        res.status(500).json({ error: 'server_error', error_description: (error as Error).message });
        return;
      }
      if (name === 'TokenExpiredError' || name === 'InvalidTokenError') {
        challenge({ code: 'invalid_token', description: (error as Error).message });
        return;
      }
      next(error);
      return;
    }

    const scopes = scopesOf(caller, token, options.acceptsAgentTokens);
    if (scopes === undefined) {
      challenge({
        code: 'invalid_token',
        description: 'This token was not issued for the MCP server: authorize the client.',
      });
      return;
    }
    const auth: McpAuth = {
      caller: { ...caller, via: 'mcp', request: { ip: req.ip, requestId: getRequestId(res) } },
      scopes,
    };
    res.locals.mcpAuth = auth;
    next();
  };
}

/** The scopes of a verified token; undefined for a token the MCP server does not take. */
function scopesOf(caller: Caller, token: string, acceptsAgentTokens: boolean): ReadonlySet<McpScope> | undefined {
  if (caller.via === 'mcp') {
    // The token verified: its payload can be read as it is.
    const { scope } = decodeJwt(token);
    const words = typeof scope === 'string' ? scope.split(' ') : [];
    return new Set(MCP_SCOPES.filter((candidate) => words.includes(candidate)));
  }
  if (caller.via === undefined && acceptsAgentTokens) return ALL_SCOPES;

  return undefined;
}

/** The caller and scopes `mcpBearerAuth` stored. */
export function getMcpAuth(res: Response): McpAuth {
  const auth = res.locals.mcpAuth as McpAuth | undefined;
  if (auth === undefined) throw new Error('No MCP caller on this response: the route is missing `mcpBearerAuth`.');

  return auth;
}
