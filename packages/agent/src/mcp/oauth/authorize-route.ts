import {
  formatMcpScopes,
  MCP_AUTHORIZE_PATH,
  type McpClient,
  type McpScope,
  mcpScopeStringSchema,
} from '@platform/platform-contract';
import type { RequestHandler } from 'express';
import type { McpAuthority } from './mcp-authority';
import { sendOAuthErrorPage } from './oauth-error-page';

const PKCE_CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;
const MAX_STATE_LENGTH = 2048;

export interface AuthorizeRouteDependencies {
  readonly authority: McpAuthority | undefined;
  /** This MCP server's resource URL for the request (the RFC 8707 `resource` clients must name). */
  readonly resourceUrl: (req: Parameters<RequestHandler>[0]) => string;
}

/** An authorization request refused after its redirect URI is trusted: sent back to the client. */
class RedirectableError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `GET|POST <basePath>/oauth/authorize` (OAuth 2.1 §4.1.1): checks the request against the
 * client the platform registered, then sends the browser to the platform's authorize page for
 * this environment, which signs the user in and asks their consent. A request whose client or
 * redirect URI cannot be trusted is refused with a page; any later refusal goes back to the
 * client's redirect URI with `error`, `error_description` and `state`.
 */
export function authorizeRoute(deps: AuthorizeRouteDependencies): RequestHandler {
  return async function authorize(req, res) {
    const params = readParams(req.method === 'POST' ? req.body : req.query);
    const { authority } = deps;
    if (authority === undefined) {
      sendOAuthErrorPage(res, 503, 'This agent runs offline: there is no platform to authorize MCP clients with.');
      return;
    }
    const environment = authority.environment();
    if (environment === undefined) {
      sendOAuthErrorPage(res, 503, 'The agent has not reached the platform yet: try again shortly.');
      return;
    }
    if (!params.client_id) {
      sendOAuthErrorPage(res, 400, 'The request names no client (client_id).');
      return;
    }
    let client: McpClient | undefined;
    try {
      client = await authority.lookupClient(params.client_id);
    } catch {
      sendOAuthErrorPage(res, 503, 'The platform cannot be reached to check the client: try again shortly.');
      return;
    }
    if (client === undefined) {
      sendOAuthErrorPage(
        res,
        400,
        `The client ${params.client_id} is not registered (or was revoked): register it again.`,
      );
      return;
    }
    if (!params.redirect_uri) {
      sendOAuthErrorPage(res, 400, 'The request names no redirect URI (redirect_uri).');
      return;
    }
    if (!client.redirectUris.includes(params.redirect_uri)) {
      sendOAuthErrorPage(res, 400, `The redirect URI is not one that client ${client.clientName} registered.`);
      return;
    }

    const redirectUri = params.redirect_uri;
    try {
      const scope = checkRequest(params, client, deps.resourceUrl(req));
      const target = new URL(`${authority.serverUrl}${MCP_AUTHORIZE_PATH}`);
      target.search = new URLSearchParams({
        environmentId: String(environment.id),
        clientId: client.clientId,
        redirectUri,
        codeChallenge: params.code_challenge ?? '',
        codeChallengeMethod: 'S256',
        scope,
        resource: params.resource ?? '',
        ...(params.state !== undefined && { state: params.state }),
      }).toString();
      res.set('Cache-Control', 'no-store').redirect(303, target.toString());
    } catch (error) {
      if (!(error instanceof RedirectableError)) throw error;
      const target = new URL(redirectUri);
      target.searchParams.set('error', error.code);
      target.searchParams.set('error_description', error.message);
      if (params.state !== undefined && params.state.length <= MAX_STATE_LENGTH)
        target.searchParams.set('state', params.state);
      res.set('Cache-Control', 'no-store').redirect(303, target.toString());
    }
  };
}

type AuthorizeParams = Partial<
  Record<
    | 'response_type'
    | 'client_id'
    | 'redirect_uri'
    | 'code_challenge'
    | 'code_challenge_method'
    | 'scope'
    | 'state'
    | 'resource',
    string
  >
>;

/** The request's parameters; a repeated or non-string one is treated as absent (and refused where required). */
function readParams(source: unknown): AuthorizeParams {
  const params: Record<string, string> = {};
  if (typeof source !== 'object' || source === null) return params;
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') params[key] = value;
  }

  return params;
}

/** The scope string to ask consent for. @throws RedirectableError */
function checkRequest(params: AuthorizeParams, client: McpClient, resourceUrl: string): string {
  if (params.response_type !== 'code') {
    throw new RedirectableError('unsupported_response_type', 'Only response_type=code is supported.');
  }
  if (params.code_challenge === undefined) {
    throw new RedirectableError(
      'invalid_request',
      'PKCE is required: send code_challenge with code_challenge_method=S256.',
    );
  }
  if (params.code_challenge_method !== 'S256') {
    throw new RedirectableError('invalid_request', 'Only the S256 PKCE method is accepted (plain is refused).');
  }
  if (!PKCE_CHALLENGE.test(params.code_challenge)) {
    throw new RedirectableError('invalid_request', 'The code_challenge is not a base64url SHA-256 digest.');
  }
  if (params.state !== undefined && params.state.length > MAX_STATE_LENGTH) {
    throw new RedirectableError('invalid_request', `The state is longer than ${MAX_STATE_LENGTH} characters.`);
  }
  if (params.resource !== resourceUrl) {
    throw new RedirectableError('invalid_target', `The resource must be this MCP server: ${resourceUrl}.`);
  }
  const asked = mcpScopeStringSchema.safeParse(params.scope ?? '');
  if (!asked.success) throw new RedirectableError('invalid_scope', asked.error.issues[0]?.message ?? 'Invalid scope.');
  const scopes: readonly McpScope[] = asked.data.length === 0 ? client.scopes : asked.data;
  const beyond = scopes.filter((scope) => !client.scopes.includes(scope));
  if (beyond.length > 0) {
    throw new RedirectableError('invalid_scope', `The client did not register for ${beyond.join(', ')}.`);
  }
  if (scopes.length === 0) throw new RedirectableError('invalid_scope', 'No scope to grant.');

  return formatMcpScopes(scopes);
}
