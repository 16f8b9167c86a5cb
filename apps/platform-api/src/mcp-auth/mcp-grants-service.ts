import type { McpScope, PlatformUser } from '@platform/platform-contract';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/unique-violation';
import type { McpGrant, Prisma } from '../generated/prisma/client';
import {
  GRANT_PARTIES,
  type GrantRevocationReason,
  type GrantWithParties,
  logGrantEvent,
  MCP_ADMIN_LOG_ACTIONS,
} from './mcp-admin-log';
import { areScopesWithin, toMcpScopes } from './mcp-scopes';

// A grant is a user's standing consent to one client on one environment: at most one stands per
// client, user and environment (the `isActive` unique index). Scopes accumulate on it with each
// consent; revoking it ends its codes and refresh tokens at once, and the next authorization asks
// for consent again.

export interface GrantKey {
  readonly clientId: string;
  readonly userId: number;
  readonly environmentId: number;
}

/**
 * The standing grant that already covers `scopes` for `user`, given while they had their current
 * role: with it, the consent page is skipped.
 */
export async function findRememberedGrant(
  context: AppContext,
  key: GrantKey,
  scopes: readonly McpScope[],
  role: string,
): Promise<McpGrant | undefined> {
  const grant = await context.prisma.mcpGrant.findFirst({ where: { ...key, isActive: true } });
  if (!grant || grant.role !== role || !areScopesWithin(scopes, grant.scopes)) return undefined;
  return grant;
}

/**
 * Records that `user` approved `scopes` for the client on the environment: the standing grant gets
 * them (and the user's current role), or a new grant is made. Writes `mcp_grant.consent`.
 */
export async function recordConsent(
  context: AppContext,
  key: Omit<GrantKey, 'userId'>,
  user: PlatformUser,
  scopes: readonly McpScope[],
): Promise<GrantWithParties> {
  const where = { ...key, userId: user.id, isActive: true };
  const consentedAt = context.now();
  // Two approvals at once (a double click) meet on the unique index: the loser updates the winner's.
  for (let attempt = 1; ; attempt += 1) {
    const standing = await context.prisma.mcpGrant.findFirst({ where });
    try {
      if (standing) {
        const grantScopes = toMcpScopes([...standing.scopes, ...scopes]);
        const { count } = await context.prisma.mcpGrant.updateMany({
          where: { id: standing.id, isActive: true },
          data: { scopes: grantScopes, role: user.role as McpGrant['role'], consentedAt },
        });
        if (count === 1) return await logConsent(context, standing.id, scopes, false);
      } else {
        const created = await context.prisma.mcpGrant.create({
          data: { ...key, userId: user.id, scopes: [...scopes], role: user.role as McpGrant['role'], consentedAt },
        });
        return await logConsent(context, created.id, scopes, true);
      }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    if (attempt >= 3) throw new Error(`could not record the consent of user ${user.id} after ${attempt} attempts`);
  }
}

async function logConsent(
  context: AppContext,
  grantId: number,
  scopes: readonly McpScope[],
  isNewGrant: boolean,
): Promise<GrantWithParties> {
  const grant = await context.prisma.mcpGrant.findUniqueOrThrow({ where: { id: grantId }, include: GRANT_PARTIES });
  await logGrantEvent(context, grant, MCP_ADMIN_LOG_ACTIONS.consent, {
    isActingUser: true,
    details: { scopes, grantScopes: grant.scopes, role: grant.role, isNewGrant },
  });
  return grant;
}

/**
 * Revokes the standing grants `where` selects, each logged as `mcp_grant.revoke` with `reason`.
 * Returns the ids revoked now (a grant revoked already is left as it is).
 */
export async function revokeGrants(
  context: AppContext,
  where: Pick<Prisma.McpGrantWhereInput, 'id' | 'clientId' | 'userId' | 'environment'>,
  reason: GrantRevocationReason,
): Promise<number[]> {
  // Conditional, so that of two concurrent revocations only one logs. (Parties are read apart:
  // with an `include`, Prisma runs concurrent queries on one connection inside a transaction.)
  const revokedIds = await context.prisma.mcpGrant.updateManyAndReturn({
    where: { ...where, revokedAt: null },
    data: { revokedAt: context.now(), revokedReason: reason, isActive: null },
    select: { id: true },
  });
  const revoked = await context.prisma.mcpGrant.findMany({
    where: { id: { in: revokedIds.map((grant) => grant.id) } },
    include: GRANT_PARTIES,
    orderBy: { id: 'asc' },
  });
  for (const grant of revoked) {
    await logGrantEvent(context, grant, MCP_ADMIN_LOG_ACTIONS.revokeGrant, {
      isActingUser: false,
      details: { reason, scopes: grant.scopes },
    });
  }
  return revoked.map((grant) => grant.id);
}
