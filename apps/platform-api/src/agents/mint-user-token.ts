import {
  PLATFORM_TOKEN_ISSUER,
  PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  type PlatformTokenClaims,
  platformTokenAudience,
} from '@platform/platform-contract';
import { SignJWT } from 'jose';
import type { AppContext } from '../context';
import { ForbiddenError, NotFoundError } from '../errors';
import { environmentUsers } from './permissions-service';
import { currentSigningKey, SIGNING_ALGORITHM } from './signing-keys';

export interface MintUserTokenOptions {
  readonly userId: number;
  readonly environmentId: number;
  readonly purpose: 'workflow' | 'mcp';
  readonly timezone?: string;
  /** Seconds; at most (and by default) PLATFORM_TOKEN_MAX_LIFETIME_SECONDS. */
  readonly lifetimeSeconds?: number;
  /**
   * `mcp` tokens only: the OAuth scopes granted, space-separated `MCP_SCOPES` (the `scope` claim).
   * An `mcp` token without it may call no MCP tool.
   */
  readonly scope?: string;
}

/**
 * A short-lived user token for the environment's agent, signed with the platform's current key
 * (EdDSA, `kid` in the header), for a workflow run or an MCP session. The agent verifies it against
 * the `jwks` route. NotFoundError for an unknown environment; ForbiddenError when the user may not
 * use it (not a project member in a team rendering it). MCP tokens carry the granted `scope`.
 *
 * @example const token = await mintUserToken(context, { userId, environmentId, purpose: 'workflow' });
 */
export async function mintUserToken(context: AppContext, options: MintUserTokenOptions): Promise<string> {
  if (options.scope !== undefined && options.purpose !== 'mcp') throw new Error('only mcp tokens carry a scope');
  const environment = await context.prisma.environment.findUnique({ where: { id: options.environmentId } });
  if (!environment) throw new NotFoundError(`No environment with id ${options.environmentId}.`);
  const [user] = await environmentUsers(context, environment, options.userId);
  if (!user) {
    throw new ForbiddenError(
      `User ${options.userId} may not use environment ${environment.name}: they need a team with a rendering of it.`,
    );
  }

  const issuedAt = Math.floor(context.now().getTime() / 1000);
  const lifetime = Math.min(
    options.lifetimeSeconds ?? PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
    PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  );
  const claims: Omit<PlatformTokenClaims, 'iss' | 'aud' | 'iat' | 'exp'> = {
    purpose: options.purpose,
    ...user,
    environmentId: environment.id,
    projectId: environment.projectId,
    ...(options.timezone === undefined ? {} : { timezone: options.timezone }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
  };
  const key = await currentSigningKey(context);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(PLATFORM_TOKEN_ISSUER)
    .setAudience(platformTokenAudience(environment.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(key.privateKey);
}
