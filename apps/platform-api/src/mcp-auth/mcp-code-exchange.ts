import { formatMcpScopes, type McpTokenRequest, type McpTokenResponse } from '@platform/platform-contract';
import type { AppContext } from '../context';
import type { Environment, McpClient } from '../generated/prisma/client';
import { mintMcpAccessToken, userOfGrant } from './mcp-access-token';
import { GRANT_PARTIES, logGrantEvent, MCP_ADMIN_LOG_ACTIONS } from './mcp-admin-log';
import { McpTokenError } from './mcp-auth-errors';
import { revokeGrants } from './mcp-grants-service';
import { storeRefreshToken } from './mcp-refresh-tokens';
import { toMcpScopes } from './mcp-scopes';
import { hashOpaqueSecret, newOpaqueSecret } from './opaque-secret';
import { isPkceVerifierValid } from './pkce';

type CodeRequest = Extract<McpTokenRequest, { grant_type: 'authorization_code' }>;

const invalid = (message: string) => new McpTokenError('invalid_grant', message);

/**
 * The `authorization_code` grant: the code must be one issued on `environment` to `client`, unused,
 * unexpired, with the same redirect URI, the PKCE verifier of its challenge and (when sent) the same
 * resource, on a standing grant whose user still may use the environment. A code used twice revokes
 * its grant, so tokens issued from it stop too (RFC 6749 §4.1.2). Refusals leave the code unused.
 */
export async function exchangeMcpCode(
  context: AppContext,
  environment: Environment,
  client: McpClient,
  request: CodeRequest,
): Promise<McpTokenResponse> {
  const codeHash = hashOpaqueSecret(request.code);
  const stored = await context.prisma.mcpAuthorizationCode.findUnique({
    where: { codeHash },
    include: { grant: true },
  });
  if (!stored || stored.grant.environmentId !== environment.id) throw invalid('The code is not valid.');
  if (stored.grant.clientId !== client.id) throw invalid('The code was issued to another client.');
  if (stored.usedAt) throw await refuseReusedCode(context, stored.grantId);
  if (stored.expiresAt.getTime() <= context.now().getTime()) throw invalid('The code expired; authorize again.');
  if (stored.redirectUri !== request.redirect_uri) {
    throw invalid('The redirect URI differs from the one the code was issued for.');
  }
  if (!isPkceVerifierValid(request.code_verifier, stored.codeChallenge)) {
    throw invalid('The code verifier does not match the code challenge (PKCE S256).');
  }
  if (request.resource !== undefined && request.resource !== stored.resource) {
    throw invalid('The resource differs from the one the code was issued for.');
  }
  if (stored.grant.revokedAt) throw invalid('The authorization was revoked; authorize again.');
  const user = await userOfGrant(context, environment, stored.grant);

  const scopes = toMcpScopes(stored.scopes);
  const access = await mintMcpAccessToken(context, environment, user, scopes);
  const refreshToken = newOpaqueSecret();
  // The usedAt guard makes two concurrent exchanges of one code yield one token (the other is a reuse).
  const isClaimed = await context.prisma.$transaction(async (transaction) => {
    const { count } = await transaction.mcpAuthorizationCode.updateMany({
      where: { codeHash, usedAt: null },
      data: { usedAt: context.now() },
    });
    if (count !== 1) return false;
    await storeRefreshToken(context, transaction, refreshToken, {
      grantId: stored.grantId,
      scopes,
      resource: stored.resource,
    });
    return true;
  });
  if (!isClaimed) throw await refuseReusedCode(context, stored.grantId);

  const grant = await context.prisma.mcpGrant.findUniqueOrThrow({
    where: { id: stored.grantId },
    include: GRANT_PARTIES,
  });
  await logGrantEvent(context, grant, MCP_ADMIN_LOG_ACTIONS.exchangeCode, { isActingUser: true, details: { scopes } });
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    refresh_token: refreshToken,
    scope: formatMcpScopes(scopes),
  };
}

async function refuseReusedCode(context: AppContext, grantId: number): Promise<McpTokenError> {
  await revokeGrants(context, { id: grantId }, 'code_reuse');
  return invalid('The code was already used; the authorization it came from is revoked: authorize again.');
}
