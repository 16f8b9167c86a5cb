import type { ApplicationToken, PermissionLevel, Project, User } from '../generated/prisma/client';
import { isTokenScope, type PermissionLevelName, type TokenScope } from './token-scopes';

export type TokenStatus = 'active' | 'expired' | 'revoked';

/** What listings and creation responses show of a token: never its value, never its hash. */
export interface TokenView {
  readonly id: number;
  readonly name: string;
  readonly displayPrefix: string;
  readonly scopes: readonly TokenScope[];
  readonly permissionLevel: PermissionLevelName;
  readonly status: TokenStatus;
  readonly createdInSsoSession: boolean;
  /** Whether its user had the Admin role on the project when it was generated (docs/tokens.md). */
  readonly createdByAdmin: boolean;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly project: { readonly id: number; readonly name: string };
  readonly user: { readonly id: number; readonly email: string };
}

export type TokenWithOwner = ApplicationToken & {
  readonly project: Pick<Project, 'id' | 'name'>;
  readonly user: Pick<User, 'id' | 'email'>;
};

export function permissionLevelName(level: PermissionLevel): PermissionLevelName {
  switch (level) {
    case 'ReadOnly':
      return 'read-only';
    case 'ReadWrite':
      return 'read-write';
    default: {
      const unknownLevel: never = level;
      throw new Error(`Unknown permission level ${String(unknownLevel)}`);
    }
  }
}

export function permissionLevelOf(name: PermissionLevelName): PermissionLevel {
  return name === 'read-only' ? 'ReadOnly' : 'ReadWrite';
}

export function tokenStatus(token: ApplicationToken, now: Date): TokenStatus {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export function toTokenView(token: TokenWithOwner, now: Date): TokenView {
  return {
    id: token.id,
    name: token.name,
    displayPrefix: token.displayPrefix,
    // Stored scopes were validated at creation; a scope this version no longer knows is ignored.
    scopes: token.scopes.filter(isTokenScope),
    permissionLevel: permissionLevelName(token.permissionLevel),
    status: tokenStatus(token, now),
    createdInSsoSession: token.createdInSsoSession,
    createdByAdmin: token.createdByAdmin,
    createdAt: token.createdAt,
    lastUsedAt: token.lastUsedAt,
    expiresAt: token.expiresAt,
    revokedAt: token.revokedAt,
    project: { id: token.project.id, name: token.project.name },
    user: { id: token.user.id, email: token.user.email },
  };
}

/** The Prisma `include` that loads what `toTokenView` needs. */
export const TOKEN_VIEW_INCLUDE = {
  project: { select: { id: true, name: true } },
  user: { select: { id: true, email: true } },
} as const;
