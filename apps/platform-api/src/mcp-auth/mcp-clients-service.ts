import { randomBytes } from 'node:crypto';
import type { McpClient } from '@platform/platform-contract';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import type { McpClient as McpClientRow } from '../generated/prisma/client';
import type { ClientRegistration } from './client-registration';
import { MCP_ADMIN_LOG_ACTIONS, MCP_CLIENT_TARGET_TYPE } from './mcp-admin-log';
import { McpClientNotFoundError } from './mcp-auth-errors';
import { revokeGrants } from './mcp-grants-service';
import { toMcpScopes } from './mcp-scopes';

/** Where a client was registered from, as its admin-log entry says. */
export type RegistrationSource = 'registration_endpoint' | 'cli';

/** Stores a checked registration under a new random `client_id` and logs it. */
export async function createMcpClient(
  context: AppContext,
  registration: ClientRegistration,
  source: RegistrationSource,
): Promise<McpClientRow> {
  const client = await context.prisma.mcpClient.create({
    data: {
      id: `mcp_${randomBytes(16).toString('base64url')}`,
      name: registration.name,
      uri: registration.uri ?? null,
      redirectUris: [...registration.redirectUris],
      scopes: [...registration.scopes],
      createdAt: context.now(),
    },
  });
  await recordAdminLog(context, {
    action: MCP_ADMIN_LOG_ACTIONS.registerClient,
    targetType: MCP_CLIENT_TARGET_TYPE,
    targetId: client.id,
    details: { name: client.name, redirectUris: client.redirectUris, scopes: client.scopes, source },
  });
  return client;
}

/** The standing (registered, not revoked) client `clientId`; McpClientNotFoundError otherwise. */
export async function findActiveMcpClient(context: AppContext, clientId: string): Promise<McpClientRow> {
  // A NUL cannot be in an id the platform made, and PostgreSQL refuses to compare it.
  const client = clientId.includes('\u0000')
    ? null
    : await context.prisma.mcpClient.findUnique({ where: { id: clientId } });
  if (!client || client.revokedAt) {
    throw new McpClientNotFoundError(
      `The MCP client ${clientId} is not registered (or was revoked): register the client again.`,
    );
  }
  return client;
}

/** A client as the agent contract sends it (`mcpClientSchema`). */
export function toContractClient(client: McpClientRow): McpClient {
  return {
    clientId: client.id,
    clientName: client.name,
    redirectUris: client.redirectUris,
    scopes: toMcpScopes(client.scopes),
  };
}

/** Every client, newest first; revoked ones only when asked. */
export function listMcpClients(
  context: AppContext,
  options: { readonly includeRevoked: boolean },
): Promise<McpClientRow[]> {
  return context.prisma.mcpClient.findMany({
    where: options.includeRevoked ? {} : { revokedAt: null },
    orderBy: { createdAt: 'desc' },
  });
}

/**
 * Revokes a client and every grant it holds (their codes and refresh tokens stop working at once).
 * Idempotent; NotFound-like McpClientNotFoundError for an id never registered.
 */
export async function revokeMcpClient(
  context: AppContext,
  clientId: string,
): Promise<{ readonly client: McpClientRow; readonly revokedGrantIds: readonly number[] }> {
  const existing = await context.prisma.mcpClient.findUnique({ where: { id: clientId } });
  if (!existing) throw new McpClientNotFoundError(`No MCP client has the id ${clientId}.`);
  const now = context.now();
  // Conditional, so that of two concurrent revocations only one logs.
  const { count } = await context.prisma.mcpClient.updateMany({
    where: { id: clientId, revokedAt: null },
    data: { revokedAt: now },
  });
  if (count === 1) {
    await recordAdminLog(context, {
      action: MCP_ADMIN_LOG_ACTIONS.revokeClient,
      targetType: MCP_CLIENT_TARGET_TYPE,
      targetId: clientId,
      details: { name: existing.name },
    });
  }
  // Also after a revocation that another process logged: grants made in between do not survive.
  const revokedGrantIds = await revokeGrants(context, { clientId }, 'client_revoked');
  const client = await context.prisma.mcpClient.findUniqueOrThrow({ where: { id: clientId } });
  return { client, revokedGrantIds };
}
