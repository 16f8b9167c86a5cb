import { MCP_AUTHORIZE_PATH, MCP_REGISTRATION_PATH } from '@platform/platform-contract';
import express, { type ErrorRequestHandler } from 'express';
import { type EarlyRefusal, handle } from './sandbox-contract-handler';
import { sendError } from './sandbox-errors';
import { mcpAuthorizePage } from './sandbox-mcp-authorize';
import { exchangeMcpToken } from './sandbox-mcp-token';
import type { SandboxState } from './sandbox-routes';

/** The grant types the token route serves; any other is `unsupported_grant_type`, not a malformed body. */
const GRANT_TYPES: readonly unknown[] = ['authorization_code', 'refresh_token'];

/**
 * The platform's public MCP authorization routes: client registration (RFC 7591) and the
 * authorize page. Neither takes the environment secret: MCP clients and browsers call them.
 */
export function createMcpAuthRouter(state: SandboxState): express.Router {
  const router = express.Router();

  router.post(MCP_REGISTRATION_PATH, express.json({ limit: '64kb' }), (req, res) => {
    const registered = state.mcpClients.register(req.body);
    res.set('Cache-Control', 'no-store');
    if ('error' in registered) return void res.status(400).json(registered);
    res.status(201).json(registered);
  });
  router.use(MCP_REGISTRATION_PATH, unreadableMetadata());
  router.get(MCP_AUTHORIZE_PATH, mcpAuthorizePage(state, state.mcpClients, state.mcpCodes));

  return router;
}

/** The contract routes of MCP authorization, on the router mounted at AGENT_API_PREFIX (behind the secret). */
export function serveMcpContractRoutes(agentApi: express.Router, state: SandboxState): void {
  handle(agentApi, 'mcpClient', (_environment, body, res) => {
    const client = state.mcpClients.get(body.clientId);
    if (client === undefined) {
      return sendError(res, 404, 'invalid_client', `No MCP client ${body.clientId} is registered; register it again.`);
    }
    return { client };
  });

  const issuer = { clients: state.mcpClients, codes: state.mcpCodes, keys: state.keys, now: state.now };
  handle(
    agentApi,
    'mcpToken',
    async (environment, body, res) => {
      const outcome = await exchangeMcpToken(issuer, environment, body);
      res.set('Cache-Control', 'no-store');
      if ('tokens' in outcome) return outcome.tokens;
      const { code, message } = outcome.refusal;
      return sendError(res, code === 'invalid_client' ? 401 : 400, code, message);
    },
    { refuseEarly: unsupportedGrantType },
  );
}

function unsupportedGrantType(body: unknown): EarlyRefusal | undefined {
  const grantType =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).grant_type : undefined;
  if (typeof grantType !== 'string' || GRANT_TYPES.includes(grantType)) return undefined;

  return {
    status: 400,
    code: 'unsupported_grant_type',
    message: `The grant type ${grantType} is not supported; use authorization_code or refresh_token.`,
  };
}

/** A registration body that is not JSON is refused as RFC 7591 refuses bad metadata. */
function unreadableMetadata(): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if ((error as { type?: unknown } | null)?.type !== 'entity.parse.failed') return next(error);
    res.status(400).json({ error: 'invalid_client_metadata', error_description: 'The body is not valid JSON.' });
  };
}
