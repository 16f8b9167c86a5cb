import type { McpScope } from '@platform/platform-contract';
import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';
import { hashOpaqueSecret } from './opaque-secret';

const DAY_MS = 24 * 60 * 60_000;

/** A refresh token to store: the grant it belongs to, the chain's scopes and resource. */
export interface RefreshTokenChain {
  readonly grantId: number;
  readonly scopes: readonly McpScope[];
  readonly resource: string;
}

/**
 * Stores `token` (its SHA-256 only) for `chain`, valid PLATFORM_MCP_REFRESH_TOKEN_TTL_DAYS. Takes
 * the transaction that used up the code or token it replaces, so both happen or neither.
 */
export async function storeRefreshToken(
  context: AppContext,
  transaction: Prisma.TransactionClient,
  token: string,
  chain: RefreshTokenChain,
): Promise<void> {
  const now = context.now();
  await transaction.mcpRefreshToken.create({
    data: {
      tokenHash: hashOpaqueSecret(token),
      grantId: chain.grantId,
      scopes: [...chain.scopes],
      resource: chain.resource,
      createdAt: now,
      expiresAt: new Date(now.getTime() + context.config.PLATFORM_MCP_REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    },
  });
}
