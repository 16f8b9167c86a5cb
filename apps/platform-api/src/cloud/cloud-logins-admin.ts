import type { AppContext } from '../context';
import { NotFoundError } from '../errors';
import { getUserByEmail } from '../identity';
import { revokeLogin } from './cloud-logins';

/** A CLI login as operators list it: never its tokens or their hashes. */
export interface CloudLoginView {
  readonly id: number;
  readonly userEmail: string;
  readonly clientLabel: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  /** Until when it may be refreshed; a refresh moves it on. */
  readonly refreshExpiresAt: Date;
  readonly revokedAt: Date | null;
}

const loginSelect = {
  id: true,
  clientLabel: true,
  createdAt: true,
  lastUsedAt: true,
  refreshExpiresAt: true,
  revokedAt: true,
  user: { select: { id: true, email: true } },
} as const;

/** The CLI logins, newest first: standing ones, or every one with `includeRevoked`; of one user with `userEmail`. */
export async function listCloudLogins(
  context: AppContext,
  filter: { readonly userEmail?: string; readonly includeRevoked?: boolean } = {},
): Promise<CloudLoginView[]> {
  const user = filter.userEmail === undefined ? undefined : await getUserByEmail(context, filter.userEmail);
  const rows = await context.prisma.cloudLogin.findMany({
    where: { ...(user ? { userId: user.id } : {}), ...(filter.includeRevoked ? {} : { revokedAt: null }) },
    select: loginSelect,
    orderBy: { id: 'desc' },
  });
  return rows.map(toView);
}

/**
 * Revokes login `id` for an operator: its access and refresh tokens stop working at once.
 * NotFoundError for an unknown id; a login revoked already stays as it was (`isNewlyRevoked` false).
 */
export async function revokeCloudLoginByOperator(
  context: AppContext,
  id: number,
): Promise<{ readonly login: CloudLoginView; readonly isNewlyRevoked: boolean }> {
  const row = await context.prisma.cloudLogin.findUnique({ where: { id }, select: loginSelect });
  if (!row) throw new NotFoundError(`No cloud CLI login ${id}; \`cloud logins list\` shows them.`);
  const isNewlyRevoked = await revokeLogin(context, row, 'operator');
  const revoked = await context.prisma.cloudLogin.findUniqueOrThrow({ where: { id }, select: loginSelect });
  return { login: toView(revoked), isNewlyRevoked };
}

function toView(row: {
  id: number;
  clientLabel: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  refreshExpiresAt: Date;
  revokedAt: Date | null;
  user: { email: string };
}): CloudLoginView {
  return {
    id: row.id,
    userEmail: row.user.email,
    clientLabel: row.clientLabel,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    refreshExpiresAt: row.refreshExpiresAt,
    revokedAt: row.revokedAt,
  };
}
