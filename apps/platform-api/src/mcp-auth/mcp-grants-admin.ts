import type { AppContext } from '../context';
import { NotFoundError } from '../errors';
import { GRANT_PARTIES, type GrantWithParties } from './mcp-admin-log';
import { revokeGrants } from './mcp-grants-service';

/** A grant as operators see it (`platform-api mcp grants list`). */
export interface GrantView {
  readonly id: number;
  readonly clientId: string;
  readonly clientName: string;
  readonly userEmail: string;
  readonly project: string;
  readonly environment: string;
  readonly scopes: readonly string[];
  readonly role: string;
  readonly consentedAt: Date;
  readonly revokedAt: Date | null;
  readonly revokedReason: string | null;
}

export interface GrantFilters {
  readonly userId?: number;
  readonly environmentId?: number;
  readonly projectId?: number;
  readonly clientId?: string;
  readonly includeRevoked: boolean;
}

/** The grants matching `filters`, newest first. */
export async function listGrants(context: AppContext, filters: GrantFilters): Promise<GrantView[]> {
  const grants = await context.prisma.mcpGrant.findMany({
    where: {
      userId: filters.userId,
      environmentId: filters.environmentId,
      clientId: filters.clientId,
      environment: filters.projectId === undefined ? undefined : { projectId: filters.projectId },
      revokedAt: filters.includeRevoked ? undefined : null,
    },
    include: GRANT_PARTIES,
    orderBy: { id: 'desc' },
  });
  return grants.map(toGrantView);
}

/**
 * An operator revokes grant `grantId`: its codes and refresh tokens stop working at once (access
 * tokens already issued run out within PLATFORM_MCP_ACCESS_TOKEN_TTL_SECONDS). Idempotent;
 * NotFoundError for an unknown id.
 */
export async function revokeGrantByOperator(context: AppContext, grantId: number): Promise<GrantView> {
  const exists = await context.prisma.mcpGrant.findUnique({ where: { id: grantId }, select: { id: true } });
  if (!exists) throw new NotFoundError(`No MCP grant has the id ${grantId}: see \`platform-api mcp grants list\`.`);
  await revokeGrants(context, { id: grantId }, 'operator');
  return toGrantView(
    await context.prisma.mcpGrant.findUniqueOrThrow({ where: { id: grantId }, include: GRANT_PARTIES }),
  );
}

function toGrantView(grant: GrantWithParties): GrantView {
  return {
    id: grant.id,
    clientId: grant.client.id,
    clientName: grant.client.name,
    userEmail: grant.user.email,
    project: grant.environment.project.name,
    environment: grant.environment.name,
    scopes: grant.scopes,
    role: grant.role,
    consentedAt: grant.consentedAt,
    revokedAt: grant.revokedAt,
    revokedReason: grant.revokedReason,
  };
}
