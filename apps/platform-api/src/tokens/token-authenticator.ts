import type { AppContext } from '../context';
import type { ApplicationToken, Project, Role, User } from '../generated/prisma/client';
import { tokenAuthenticationError } from './token-errors';
import { hashesMatch, hashToken, parseToken } from './token-format';

export interface AuthenticatedToken {
  readonly token: ApplicationToken;
  /** Without `passwordHash`: handlers behind the middleware never hold it. */
  readonly user: Omit<User, 'passwordHash'>;
  readonly project: Project;
  /** The user's role in the token's project NOW, or null once they left it. */
  readonly membershipRole: Role | null;
}

/**
 * Finds the live token of a presented value. Two indexed lookups per call (token by hash, then the
 * membership), deliberately uncached: revocation, expiry and a changed role take effect on the
 * next request on every instance. See docs/tokens.md for the measured cost.
 */
export async function authenticateToken(
  context: AppContext,
  rawValue: string | undefined,
): Promise<AuthenticatedToken> {
  if (rawValue === undefined || rawValue === '') throw tokenAuthenticationError('missing');
  // Shape and checksum first: a typo or a look-alike never costs a database query.
  const parsed = parseToken(rawValue);
  if (!parsed.isValid) throw tokenAuthenticationError('invalid');

  const hash = hashToken(parsed.value);
  const found = await context.prisma.applicationToken.findUnique({
    where: { tokenHash: hash },
    include: { user: { omit: { passwordHash: true } }, project: true },
  });
  // The index lookup compares hashes, not secrets: timing there reveals nothing usable about a
  // value. The constant-time check guards against any collation or adapter surprise all the same.
  if (!found || !hashesMatch(found.tokenHash, hash) || found.revokedAt) throw tokenAuthenticationError('invalid');
  if (found.expiresAt && found.expiresAt.getTime() <= context.now().getTime()) {
    throw tokenAuthenticationError('expired');
  }

  const membership = await context.prisma.projectMembership.findUnique({
    where: { projectId_userId: { projectId: found.projectId, userId: found.userId } },
    select: { role: true },
  });
  const { user, project, ...token } = found;
  return { token, user, project, membershipRole: membership?.role ?? null };
}
