import {
  formatMcpScopes,
  type McpScope,
  type McpTokenErrorCode,
  type McpTokenRequest,
  type McpTokenResponse,
  mcpScopeStringSchema,
  PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  type PlatformUser,
} from '@platform/platform-contract';
import { mintPlatformToken } from './mint-platform-token';
import type { SandboxEnvironment } from './sandbox-environment';
import type { SandboxMcpClients } from './sandbox-mcp-clients';
import type { SandboxMcpCodes } from './sandbox-mcp-codes';
import type { SigningKeys } from './signing-keys';

/** @internal What the token route needs of the sandbox. */
export interface McpTokenIssuer {
  readonly clients: SandboxMcpClients;
  readonly codes: SandboxMcpCodes;
  readonly keys: SigningKeys;
  readonly now: () => Date;
}

/** A refused token request: an RFC 6749 §5.2 code and what to do next. */
export interface McpTokenRefusal {
  readonly code: McpTokenErrorCode;
  readonly message: string;
}

export type McpTokenOutcome = { readonly tokens: McpTokenResponse } | { readonly refusal: McpTokenRefusal };

const refuse = (code: McpTokenErrorCode, message: string): McpTokenOutcome => ({ refusal: { code, message } });

/**
 * @internal The `mcpToken` route's rules: trades a code (once, PKCE-checked) or a refresh token
 * (rotated; a replayed one revokes its grant) for an `mcp` access token and a new refresh token.
 */
export async function exchangeMcpToken(
  issuer: McpTokenIssuer,
  environment: SandboxEnvironment,
  request: McpTokenRequest,
): Promise<McpTokenOutcome> {
  if (issuer.clients.get(request.client_id) === undefined) {
    return refuse('invalid_client', `No MCP client ${request.client_id} is registered; register it again.`);
  }
  if (request.grant_type === 'authorization_code') return redeemCode(issuer, environment, request);

  return refresh(issuer, environment, request);
}

async function redeemCode(
  issuer: McpTokenIssuer,
  environment: SandboxEnvironment,
  request: Extract<McpTokenRequest, { grant_type: 'authorization_code' }>,
): Promise<McpTokenOutcome> {
  const outcome = issuer.codes.redeem(environment, {
    code: request.code,
    clientId: request.client_id,
    redirectUri: request.redirect_uri,
    codeVerifier: request.code_verifier,
    resource: request.resource,
  });
  if ('refusal' in outcome) return refuse('invalid_grant', outcome.refusal);
  const { approval } = outcome;
  const user = memberOf(environment, approval.userId);
  if (user === undefined) return refuse('invalid_grant', 'The user no longer has access to this environment.');

  const { grant, refreshToken } = environment.mcpGrants.create({
    clientId: approval.clientId,
    userId: approval.userId,
    scopes: approval.scopes,
    resource: approval.resource,
    createdAt: issuer.now(),
  });
  return { tokens: await tokensFor(issuer, environment, user, grant.scopes, refreshToken) };
}

async function refresh(
  issuer: McpTokenIssuer,
  environment: SandboxEnvironment,
  request: Extract<McpTokenRequest, { grant_type: 'refresh_token' }>,
): Promise<McpTokenOutcome> {
  const found = environment.mcpGrants.find(request.refresh_token);
  if (found === undefined) return refuse('invalid_grant', 'The refresh token is not valid.');
  const { grant } = found;
  if (grant.isRevoked) return refuse('invalid_grant', 'The grant was revoked; authorize again.');
  if (!found.isCurrent) {
    // A replayed refresh token means it leaked: neither party may keep using the grant.
    environment.mcpGrants.revoke(grant.id);
    return refuse('invalid_grant', 'The refresh token was already used, so the grant is revoked; authorize again.');
  }
  if (grant.clientId !== request.client_id)
    return refuse('invalid_grant', 'The refresh token belongs to another client.');
  if (request.resource !== undefined && request.resource !== grant.resource) {
    return refuse('invalid_grant', 'The resource differs from the one the grant was issued for.');
  }
  const scopes = narrowedScopes(grant.scopes, request.scope);
  if ('refusal' in scopes) return scopes;
  const user = memberOf(environment, grant.userId);
  if (user === undefined) return refuse('invalid_grant', 'The user no longer has access to this environment.');

  const refreshToken = environment.mcpGrants.rotate(grant.id);
  return { tokens: await tokensFor(issuer, environment, user, scopes.scopes, refreshToken) };
}

/** The scopes of a refreshed token: the grant's, or fewer when the client asks for fewer. */
function narrowedScopes(
  granted: readonly McpScope[],
  asked: string | undefined,
): { readonly scopes: readonly McpScope[] } | { readonly refusal: McpTokenRefusal } {
  if (asked === undefined) return { scopes: granted };
  const parsed = mcpScopeStringSchema.safeParse(asked);
  if (!parsed.success) return { refusal: { code: 'invalid_scope', message: parsed.error.issues[0]?.message ?? '' } };
  const beyond = parsed.data.filter((scope) => !granted.includes(scope));
  if (parsed.data.length === 0 || beyond.length > 0) {
    const message = `Ask for some of the granted scopes (${formatMcpScopes(granted)}) only.`;
    return { refusal: { code: 'invalid_scope', message } };
  }

  return { scopes: parsed.data };
}

async function tokensFor(
  issuer: McpTokenIssuer,
  environment: SandboxEnvironment,
  user: PlatformUser,
  scopes: readonly McpScope[],
  refreshToken: string,
): Promise<McpTokenResponse> {
  const accessToken = await mintPlatformToken(issuer.keys, environment, user, issuer.now(), {
    purpose: 'mcp',
    scope: scopes,
  });

  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
    refresh_token: refreshToken,
    scope: formatMcpScopes(scopes),
  };
}

function memberOf(environment: SandboxEnvironment, userId: number): PlatformUser | undefined {
  return environment.listUsers().find((user) => user.id === userId);
}
