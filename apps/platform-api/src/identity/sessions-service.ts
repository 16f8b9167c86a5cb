import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { AuthenticationError } from '../errors';
import type { Session } from '../generated/prisma/client';
import { toUserView, type UserView } from './user-view';

/** A session as the routes see it: never its token hash. */
export interface SessionView {
  readonly id: string;
  readonly userId: number;
  readonly isSso: boolean;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly lastSeenAt: Date | null;
}

/** What `authenticateSession`, `getSession` and `requireSession` give: who is signed in, and how. */
export interface AuthenticatedSession {
  readonly user: UserView;
  readonly session: SessionView;
}

export interface CreatedSession {
  /** The cookie value: returned once, only its SHA-256 is stored. */
  readonly token: string;
  readonly session: SessionView;
}

/** lastSeenAt moves at most this often, so that browsing does not write on every request. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function toSessionView(session: Session): SessionView {
  return {
    id: session.id,
    userId: session.userId,
    isSso: session.isSso,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    lastSeenAt: session.lastSeenAt,
  };
}

/** Opens a session for `userId`, expiring after PLATFORM_SESSION_TTL_HOURS. */
export async function createSession(
  context: AppContext,
  { userId, isSso }: { readonly userId: number; readonly isSso: boolean },
): Promise<CreatedSession> {
  const token = randomBytes(32).toString('base64url');
  const now = context.now();
  const expiresAt = new Date(now.getTime() + context.config.PLATFORM_SESSION_TTL_HOURS * 3_600_000);
  const session = await context.prisma.session.create({
    data: { tokenHash: hashSessionToken(token), userId, isSso, createdAt: now, expiresAt, lastSeenAt: now },
  });
  return { token, session: toSessionView(session) };
}

/**
 * The session and user of a session token. Throws AuthenticationError with reason 'missing' (no
 * token), 'invalid' (unknown, malformed or revoked) or 'expired'.
 */
export async function authenticateSession(
  context: AppContext,
  token: string | undefined,
): Promise<AuthenticatedSession> {
  if (token === undefined || token === '') throw new AuthenticationError('Sign in first.', 'missing');
  if (!TOKEN_SHAPE.test(token)) throw new AuthenticationError('The session is invalid; sign in again.', 'invalid');

  const found = await context.prisma.session.findUnique({
    where: { tokenHash: hashSessionToken(token) },
    include: { user: true },
  });
  if (!found || found.revokedAt !== null) {
    throw new AuthenticationError('The session is invalid or was signed out; sign in again.', 'invalid');
  }
  const now = context.now();
  if (found.expiresAt.getTime() <= now.getTime()) {
    throw new AuthenticationError('The session expired; sign in again.', 'expired');
  }

  const { user, ...session } = found;
  const lastSeenAt = await touch(context, session, now);
  return { user: toUserView(user), session: toSessionView({ ...session, lastSeenAt }) };
}

/** Moves lastSeenAt when it is a minute old; the condition in the update keeps concurrent requests to one write. */
async function touch(context: AppContext, session: Session, now: Date): Promise<Date | null> {
  const threshold = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  if (session.lastSeenAt !== null && session.lastSeenAt.getTime() > threshold.getTime()) return session.lastSeenAt;
  const { count } = await context.prisma.session.updateMany({
    where: { id: session.id, OR: [{ lastSeenAt: null }, { lastSeenAt: { lte: threshold } }] },
    data: { lastSeenAt: now },
  });
  return count > 0 ? now : session.lastSeenAt;
}

/** Signs a session out. Unknown, malformed or already revoked tokens are ignored: the outcome is the same. */
export async function revokeSession(context: AppContext, token: string | undefined): Promise<void> {
  if (token === undefined || !TOKEN_SHAPE.test(token)) return;
  await context.prisma.session.updateMany({
    where: { tokenHash: hashSessionToken(token), revokedAt: null },
    data: { revokedAt: context.now() },
  });
}
