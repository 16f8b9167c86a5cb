import {
  formatMcpScopes,
  type McpScope,
  type McpTokenRequest,
  type McpTokenResponse,
  mcpScopeStringSchema,
} from '@platform/platform-contract';
import type { AppContext } from '../context';
import type { Environment, McpClient } from '../generated/prisma/client';
import { mintMcpAccessToken, userOfGrant } from './mcp-access-token';
import { McpTokenError } from './mcp-auth-errors';
import { revokeGrants } from './mcp-grants-service';
import { storeRefreshToken } from './mcp-refresh-tokens';
import { areScopesWithin, toMcpScopes } from './mcp-scopes';
import { hashOpaqueSecret, newOpaqueSecret } from './opaque-secret';

type RefreshRequest = Extract<McpTokenRequest, { grant_type: 'refresh_token' }>;

const invalid = (message: string) => new McpTokenError('invalid_grant', message);

/**
 * The `refresh_token` grant: the token must be one of a standing grant on `environment` held by
 * `client`, unused and unexpired, and its user must still use the environment with the role they
 * consented under. It is used up and replaced (rotation): the new token keeps the chain's scopes
 * (RFC 6749 §6) while the access token may be narrowed by `scope`. A token presented twice revokes
 * the whole grant. Refusals other than a reuse leave the token unused.
 */
export async function refreshMcpToken(
  context: AppContext,
  environment: Environment,
  client: McpClient,
  request: RefreshRequest,
): Promise<McpTokenResponse> {
  const stored = await context.prisma.mcpRefreshToken.findUnique({
    where: { tokenHash: hashOpaqueSecret(request.refresh_token) },
    include: { grant: true },
  });
  if (!stored || stored.grant.environmentId !== environment.id) throw invalid('The refresh token is not valid.');
  if (stored.grant.clientId !== client.id) throw invalid('The refresh token was issued to another client.');
  if (stored.grant.revokedAt) throw invalid('The authorization was revoked; authorize again.');
  if (stored.usedAt) throw await refuseReusedToken(context, stored.grantId);
  if (stored.expiresAt.getTime() <= context.now().getTime())
    throw invalid('The refresh token expired; authorize again.');
  const chainScopes = toMcpScopes(stored.scopes);
  const scopes = narrowedScopes(request.scope, chainScopes);
  if (request.resource !== undefined && request.resource !== stored.resource) {
    throw invalid('The resource differs from the one the refresh token was issued for.');
  }
  const user = await userOfGrant(context, environment, stored.grant);

  const access = await mintMcpAccessToken(context, environment, user, scopes);
  const refreshToken = newOpaqueSecret();
  const isClaimed = await context.prisma.$transaction(async (transaction) => {
    const { count } = await transaction.mcpRefreshToken.updateMany({
      where: { id: stored.id, usedAt: null },
      data: { usedAt: context.now() },
    });
    if (count !== 1) return false;
    await storeRefreshToken(context, transaction, refreshToken, {
      grantId: stored.grantId,
      scopes: chainScopes,
      resource: stored.resource,
    });
    return true;
  });
  // Another request used the token meanwhile: one of the two holders is not the client.
  if (!isClaimed) throw await refuseReusedToken(context, stored.grantId);

  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    refresh_token: refreshToken,
    scope: formatMcpScopes(scopes),
  };
}

/** The scopes asked (all of the chain's when none), which must be among the chain's. */
function narrowedScopes(asked: string | undefined, chainScopes: readonly McpScope[]): readonly McpScope[] {
  const parsed = mcpScopeStringSchema.safeParse(asked ?? '');
  if (!parsed.success) {
    throw new McpTokenError('invalid_scope', parsed.error.issues[0]?.message ?? 'The scope is not valid.');
  }
  if (parsed.data.length === 0) return chainScopes;
  if (!areScopesWithin(parsed.data, chainScopes)) {
    const beyond = parsed.data.filter((scope) => !chainScopes.includes(scope));
    throw new McpTokenError(
      'invalid_scope',
      `A refresh may only narrow the scopes: ${beyond.join(', ')} ${beyond.length === 1 ? 'was' : 'were'} not granted (granted: ${formatMcpScopes(chainScopes)}).`,
    );
  }
  return parsed.data;
}

async function refuseReusedToken(context: AppContext, grantId: number): Promise<McpTokenError> {
  await revokeGrants(context, { id: grantId }, 'refresh_token_reuse');
  return invalid('The refresh token was already used; the authorization is revoked: authorize again.');
}
