import { formatMcpScopes, type McpScope, type PlatformUser } from '@platform/platform-contract';
import { mintUserToken } from '../agents/mint-user-token';
import { environmentUsers } from '../agents/permissions-service';
import type { AppContext } from '../context';
import { isErrorNamed } from '../errors';
import type { Environment, McpGrant } from '../generated/prisma/client';
import { McpTokenError } from './mcp-auth-errors';

/**
 * The grant's user as the agent will see them. Refused (`invalid_grant`) once they lost access to
 * the environment (out of its teams or the project) or their project role changed since they
 * consented: they authorize the client again, under their new role.
 */
export async function userOfGrant(
  context: AppContext,
  environment: Environment,
  grant: McpGrant,
): Promise<PlatformUser> {
  const [user] = await environmentUsers(context, environment, grant.userId);
  if (!user) throw new McpTokenError('invalid_grant', 'The user no longer has access to this environment.');
  if (user.role !== grant.role) {
    throw new McpTokenError(
      'invalid_grant',
      `The user's role changed from ${grant.role} to ${user.role} since they authorized this client; authorize it again.`,
    );
  }
  return user;
}

export interface McpAccessToken {
  readonly token: string;
  readonly expiresIn: number;
}

/** An `mcp` user token carrying `scopes`, valid PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS. */
export async function mintMcpAccessToken(
  context: AppContext,
  environment: Environment,
  user: PlatformUser,
  scopes: readonly McpScope[],
): Promise<McpAccessToken> {
  const expiresIn = context.config.PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS;
  try {
    const token = await mintUserToken(context, {
      userId: user.id,
      environmentId: environment.id,
      purpose: 'mcp',
      scope: formatMcpScopes(scopes),
      lifetimeSeconds: expiresIn,
    });
    return { token, expiresIn };
  } catch (error) {
    // The user lost access between the check and the mint.
    if (isErrorNamed(error, 'ForbiddenError')) {
      throw new McpTokenError('invalid_grant', 'The user no longer has access to this environment.', { cause: error });
    }
    throw error;
  }
}
