import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { McpScope } from '@platform/platform-contract';

/** What a user approved for an MCP client in one environment, and whether it still holds. */
export interface SandboxMcpGrant {
  readonly id: string;
  readonly clientId: string;
  readonly userId: number;
  /** The scopes approved; a refresh may narrow an access token's, never widen them. */
  readonly scopes: readonly McpScope[];
  /** The MCP server's URL the grant was issued for (RFC 8707). */
  readonly resource: string;
  readonly createdAt: Date;
  /** Revoked by a test, or because one of its refresh tokens was presented twice. */
  readonly isRevoked: boolean;
}

/** A refresh token looked up: its grant, and whether it is the grant's current token. */
export interface RefreshTokenLookup {
  readonly grant: SandboxMcpGrant;
  /** False for a token already traded: presenting it is a replay. */
  readonly isCurrent: boolean;
}

interface StoredGrant extends SandboxMcpGrant {
  isRevoked: boolean;
  currentHash: string;
}

/**
 * @internal The MCP grants of one environment. Refresh tokens are opaque, kept hashed, and
 * single-use: each refresh rotates the grant's token; an old one still maps to its grant so a
 * replay is recognised (and revokes the grant).
 */
export class SandboxMcpGrants {
  private readonly grants = new Map<string, StoredGrant>();
  private readonly grantIdByHash = new Map<string, string>();

  /** Records a grant; returns it with its first refresh token. */
  create(init: Omit<SandboxMcpGrant, 'id' | 'isRevoked'>): { grant: SandboxMcpGrant; refreshToken: string } {
    const refreshToken = newRefreshToken();
    const grant: StoredGrant = {
      ...init,
      scopes: [...init.scopes],
      id: randomUUID(),
      isRevoked: false,
      currentHash: '',
    };
    this.grants.set(grant.id, grant);
    this.setCurrent(grant, refreshToken);

    return { grant: snapshot(grant), refreshToken };
  }

  find(refreshToken: string): RefreshTokenLookup | undefined {
    const hash = hashToken(refreshToken);
    const grant = this.grants.get(this.grantIdByHash.get(hash) ?? '');
    if (grant === undefined) return undefined;

    return { grant: snapshot(grant), isCurrent: grant.currentHash === hash };
  }

  /** Replaces the grant's refresh token; the previous one now counts as a replay. */
  rotate(grantId: string): string {
    const refreshToken = newRefreshToken();
    this.setCurrent(this.stored(grantId), refreshToken);

    return refreshToken;
  }

  revoke(grantId: string): void {
    this.stored(grantId).isRevoked = true;
  }

  list(): SandboxMcpGrant[] {
    return [...this.grants.values()].map(snapshot);
  }

  private stored(grantId: string): StoredGrant {
    const grant = this.grants.get(grantId);
    if (grant === undefined) throw new Error(`The sandbox environment has no MCP grant ${grantId}.`);

    return grant;
  }

  private setCurrent(grant: StoredGrant, refreshToken: string): void {
    grant.currentHash = hashToken(refreshToken);
    this.grantIdByHash.set(grant.currentHash, grant.id);
  }
}

function snapshot({ currentHash: _currentHash, ...grant }: StoredGrant): SandboxMcpGrant {
  return { ...grant, scopes: [...grant.scopes], createdAt: new Date(grant.createdAt) };
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
