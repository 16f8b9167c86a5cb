import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';

/** The admin-log actions of MCP authorization (docs/mcp-authorization.md). */
export const MCP_ADMIN_LOG_ACTIONS = {
  registerClient: 'mcp_client.register',
  revokeClient: 'mcp_client.revoke',
  consent: 'mcp_grant.consent',
  exchangeCode: 'mcp_grant.exchange_code',
  revokeGrant: 'mcp_grant.revoke',
} as const;

export const MCP_CLIENT_TARGET_TYPE = 'mcp_client';
export const MCP_GRANT_TARGET_TYPE = 'mcp_grant';

/** Why a grant was revoked (`McpGrant.revokedReason`). */
export type GrantRevocationReason = 'operator' | 'client_revoked' | 'code_reuse' | 'refresh_token_reuse';

/** What an entry about a grant names: its client, user, environment and project. */
export const GRANT_PARTIES = {
  client: { select: { id: true, name: true } },
  user: { select: { id: true, email: true } },
  environment: {
    select: { id: true, name: true, projectId: true, project: { select: { name: true, organizationId: true } } },
  },
} satisfies Prisma.McpGrantInclude;

export type GrantWithParties = Prisma.McpGrantGetPayload<{ include: typeof GRANT_PARTIES }>;

/**
 * Writes an admin-log entry about `grant` in its project. `actingUser`: the grant's user acted
 * (consent, code exchange); otherwise the platform or an operator did, and the user is in `details`.
 */
export async function logGrantEvent(
  context: AppContext,
  grant: GrantWithParties,
  action: string,
  options: { readonly isActingUser: boolean; readonly details?: Readonly<Record<string, unknown>> },
): Promise<void> {
  await recordAdminLog(context, {
    organizationId: grant.environment.project.organizationId,
    projectId: grant.environment.projectId,
    userId: options.isActingUser ? grant.user.id : null,
    userEmail: options.isActingUser ? grant.user.email : null,
    action,
    targetType: MCP_GRANT_TARGET_TYPE,
    targetId: grant.id,
    details: {
      clientId: grant.client.id,
      clientName: grant.client.name,
      environment: grant.environment.name,
      ...(options.isActingUser ? {} : { userEmail: grant.user.email }),
      ...options.details,
    },
  });
}
