import { z } from 'zod';
import type { AppContext } from '../context';
import { queryRows } from '../db/driver-shortcuts';
import {
  type ApplicationToken,
  PermissionLevel,
  Prisma,
  type Project,
  Role,
  type User,
} from '../generated/prisma/client';
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
 * The row of `authenticateToken`'s statement, checked rather than cast: a renamed column or a
 * changed type fails loudly here instead of slipping a wrong value into authorization.
 */
const authenticationRowSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  userId: z.number(),
  name: z.string(),
  tokenHash: z.string(),
  displayPrefix: z.string(),
  scopes: z.array(z.string()),
  permissionLevel: z.enum(PermissionLevel),
  createdInSsoSession: z.boolean(),
  createdByAdmin: z.boolean(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  userEmail: z.string(),
  userUsername: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userCreatedAt: z.date(),
  userUpdatedAt: z.date(),
  projectOrganizationId: z.number(),
  projectName: z.string(),
  projectUsesSso: z.boolean(),
  projectCreatedAt: z.date(),
  membershipRole: z.enum(Role).nullable(),
});

/**
 * The columns `authenticationRowSchema` reads, from `TOKEN_SOURCE`: the token, its user (never
 * `passwordHash`), its project and the user's membership of that project.
 */
export const TOKEN_COLUMNS = Prisma.sql`
    t.id, t."projectId", t."userId", t.name, t."tokenHash", t."displayPrefix", t.scopes,
    t."permissionLevel", t."createdInSsoSession", t."createdByAdmin", t."createdAt", t."lastUsedAt",
    t."expiresAt", t."revokedAt",
    u.email AS "userEmail", u.username AS "userUsername", u."firstName" AS "userFirstName",
    u."lastName" AS "userLastName", u."createdAt" AS "userCreatedAt", u."updatedAt" AS "userUpdatedAt",
    p."organizationId" AS "projectOrganizationId", p.name AS "projectName",
    p."usesSso" AS "projectUsesSso", p."createdAt" AS "projectCreatedAt",
    m.role AS "membershipRole"`;

/** Where `TOKEN_COLUMNS` come from; filter on `t."tokenHash"`. */
export const TOKEN_SOURCE = Prisma.sql`
    "ApplicationToken" t
    JOIN "User" u ON u.id = t."userId"
    JOIN "Project" p ON p.id = t."projectId"
    LEFT JOIN "ProjectMembership" m ON m."projectId" = t."projectId" AND m."userId" = t."userId"`;

/**
 * The hash the database holds for a presented value, or the 401 of a missing or malformed one:
 * shape and checksum are checked first, so a typo or a look-alike never costs a database query.
 */
export function presentedTokenHash(rawValue: string | undefined): string {
  if (rawValue === undefined || rawValue === '') throw tokenAuthenticationError('missing');
  const parsed = parseToken(rawValue);
  if (!parsed.isValid) throw tokenAuthenticationError('invalid');
  return hashToken(parsed.value);
}

/**
 * Finds the live token of a presented value: ONE indexed statement per call (the token by its
 * unique hash, joined with its user, its project and the user's membership of that project),
 * deliberately uncached: revocation, expiry and a changed role take effect on the next request on
 * every instance, and the four rows are read in one snapshot. See docs/tokens.md for the cost.
 */
export async function authenticateToken(
  context: AppContext,
  rawValue: string | undefined,
): Promise<AuthenticatedToken> {
  const hash = presentedTokenHash(rawValue);
  // Bound parameter only (tagged template). A hot statement (every public API request): through
  // the pg pool on PostgreSQL.
  const rows = await queryRows(
    context,
    Prisma.sql`SELECT ${TOKEN_COLUMNS} FROM ${TOKEN_SOURCE} WHERE t."tokenHash" = ${hash}`,
  );
  return toAuthenticatedToken(context, rows[0], hash);
}

/**
 * The live token a row of `TOKEN_COLUMNS` describes (undefined: no token has that hash), or the
 * 401 of an unknown, revoked or expired one.
 */
export function toAuthenticatedToken(context: AppContext, row: unknown, hash: string): AuthenticatedToken {
  const found = row === undefined ? undefined : authenticationRowSchema.parse(row);
  // The index lookup compares hashes, not secrets: timing there reveals nothing usable about a
  // value. The constant-time check guards against any collation or adapter surprise all the same.
  if (!found || !hashesMatch(found.tokenHash, hash) || found.revokedAt) throw tokenAuthenticationError('invalid');
  if (found.expiresAt && found.expiresAt.getTime() <= context.now().getTime()) {
    throw tokenAuthenticationError('expired');
  }

  const token: ApplicationToken = {
    id: found.id,
    projectId: found.projectId,
    userId: found.userId,
    name: found.name,
    tokenHash: found.tokenHash,
    displayPrefix: found.displayPrefix,
    scopes: found.scopes,
    permissionLevel: found.permissionLevel,
    createdInSsoSession: found.createdInSsoSession,
    createdByAdmin: found.createdByAdmin,
    createdAt: found.createdAt,
    lastUsedAt: found.lastUsedAt,
    expiresAt: found.expiresAt,
    revokedAt: found.revokedAt,
  };
  const user: Omit<User, 'passwordHash'> = {
    id: found.userId,
    email: found.userEmail,
    username: found.userUsername,
    firstName: found.userFirstName,
    lastName: found.userLastName,
    createdAt: found.userCreatedAt,
    updatedAt: found.userUpdatedAt,
  };
  const project: Project = {
    id: found.projectId,
    organizationId: found.projectOrganizationId,
    name: found.projectName,
    usesSso: found.projectUsesSso,
    createdAt: found.projectCreatedAt,
  };
  return { token, user, project, membershipRole: found.membershipRole };
}
