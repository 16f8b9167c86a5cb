import { TOKEN_ADMIN_LOG_ACTIONS, TOKEN_TARGET_TYPE } from '../audit/admin-log-entry';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import { ForbiddenError, NotFoundError, parseOrThrow } from '../errors';
import { type AuthenticatedToken, authenticateToken } from './token-authenticator';
import { generateToken } from './token-format';
import { type CreateTokenInput, createTokenInputSchema } from './token-schemas';
import { createTokenUsageRecorder } from './token-usage-recorder';
import { permissionLevelOf, TOKEN_VIEW_INCLUDE, type TokenView, toTokenView } from './token-view';

/** Where an operation came from, kept in the admin log. */
export type OperationSource = 'api' | 'cli';

export interface CreateTokenOptions {
  /** Whether the creating user is logged in through SSO; required on projects that use SSO. */
  readonly isSsoSession: boolean;
  readonly source?: OperationSource;
}

export interface CreatedToken {
  readonly token: TokenView;
  /** The value, returned by creation only: it is stored nowhere and cannot be shown again. */
  readonly value: string;
}

export interface ListTokensOptions {
  readonly projectId?: number;
  readonly userId?: number;
  readonly includeRevoked?: boolean;
}

export interface RevokeTokenOptions {
  /** When set, a token of another project is reported as not found. */
  readonly projectId?: number;
  readonly source?: OperationSource;
}

/**
 * The token checks an app's routes share: one per app, because it holds the last-used throttle
 * of `recordUse`.
 */
export interface TokensService {
  /** Throws AuthenticationError ('missing' | 'invalid' | 'expired'); authorization is the caller's. */
  authenticate(rawValue: string | undefined): Promise<AuthenticatedToken>;
  /** Sets last-used and writes `token.use`, at most once a minute, in the background. */
  recordUse(auth: AuthenticatedToken): void;
  /** Waits for the background writes of `recordUse`. */
  flushUsage(): Promise<void>;
}

/** Creates a token for a member of the project and logs it; the value is in the result only. */
export async function createToken(
  context: AppContext,
  userId: number,
  projectId: number,
  input: CreateTokenInput,
  options: CreateTokenOptions,
): Promise<CreatedToken> {
  const parsed = parseOrThrow(createTokenInputSchema(context.now()), input, '');
  const generated = generateToken();
  const { token, project, user } = await context.prisma.$transaction(async (tx) => {
    // The role recorded is the one the token is generated under (spec §4.1 rule 1, §5.2): the
    // membership row stays share-locked until the token is inserted, so a concurrent role change
    // or removal waits for this transaction (or this one for it) instead of slipping in between.
    await tx.$queryRaw`SELECT 1 FROM "ProjectMembership" WHERE "projectId" = ${projectId} AND "userId" = ${userId} FOR SHARE`;
    const membership = await tx.projectMembership.findUnique({
      where: { projectId_userId: { projectId, userId } },
      include: { project: true, user: true },
    });
    if (!membership) throw new NotFoundError(`User ${userId} is not a member of project ${projectId}.`);
    if (membership.project.usesSso && !options.isSsoSession) {
      throw new ForbiddenError(
        `Project "${membership.project.name}" uses SSO: log in with SSO to create application tokens.`,
      );
    }
    const inserted = await tx.applicationToken.create({
      data: {
        projectId,
        userId,
        name: parsed.name,
        tokenHash: generated.hash,
        displayPrefix: generated.displayPrefix,
        scopes: [...parsed.scopes],
        permissionLevel: permissionLevelOf(parsed.permissionLevel),
        createdInSsoSession: options.isSsoSession,
        createdByAdmin: membership.role === 'Admin',
        expiresAt: parsed.expiresAt,
        createdAt: context.now(),
      },
      include: TOKEN_VIEW_INCLUDE,
    });
    return { token: inserted, project: membership.project, user: membership.user };
  });
  await recordAdminLog(context, {
    organizationId: project.organizationId,
    projectId,
    userId,
    userEmail: user.email,
    action: TOKEN_ADMIN_LOG_ACTIONS.create,
    targetType: TOKEN_TARGET_TYPE,
    targetId: token.id,
    details: {
      name: token.name,
      displayPrefix: token.displayPrefix,
      scopes: token.scopes,
      permissionLevel: parsed.permissionLevel,
      expiresAt: token.expiresAt?.toISOString() ?? null,
      createdInSsoSession: token.createdInSsoSession,
      createdByAdmin: token.createdByAdmin,
      source: options.source ?? 'api',
    },
  });
  return { token: toTokenView(token, context.now()), value: generated.value };
}

/** The tokens of a project, or of a user, oldest first; revoked ones only on request. */
export async function listTokens(
  context: AppContext,
  { projectId, userId, includeRevoked = false }: ListTokensOptions,
): Promise<TokenView[]> {
  const tokens = await context.prisma.applicationToken.findMany({
    where: { projectId, userId, revokedAt: includeRevoked ? undefined : null },
    include: TOKEN_VIEW_INCLUDE,
    orderBy: { id: 'asc' },
  });
  const now = context.now();
  return tokens.map((token) => toTokenView(token, now));
}

/**
 * Revokes at once, for every instance: validity is read from the database on every request.
 * `byUserId` null is an operator (the CLI); a user may revoke their own tokens, and an Admin of
 * the project any of its tokens. Revoking a revoked token changes nothing and logs nothing.
 */
export async function revokeToken(
  context: AppContext,
  tokenId: number,
  byUserId: number | null,
  options: RevokeTokenOptions = {},
): Promise<TokenView> {
  const token = await context.prisma.applicationToken.findUnique({
    where: { id: tokenId },
    include: { ...TOKEN_VIEW_INCLUDE, project: { select: { id: true, name: true, organizationId: true } } },
  });
  const notFound = new NotFoundError(`No application token ${tokenId}.`);
  if (!token || (options.projectId !== undefined && token.projectId !== options.projectId)) throw notFound;
  const actor = byUserId === null ? null : await context.prisma.user.findUnique({ where: { id: byUserId } });
  if (byUserId !== null && byUserId !== token.userId) {
    const membership = await context.prisma.projectMembership.findUnique({
      where: { projectId_userId: { projectId: token.projectId, userId: byUserId } },
    });
    // Other users' tokens are invisible to non-Admins, so they are "not found", not "forbidden".
    if (membership?.role !== 'Admin') throw notFound;
  }
  if (token.revokedAt) return toTokenView(token, context.now());

  const revokedAt = context.now();
  // Conditional, so that of two concurrent revocations only one logs.
  const { count } = await context.prisma.applicationToken.updateMany({
    where: { id: tokenId, revokedAt: null },
    data: { revokedAt },
  });
  if (count === 1) {
    await recordAdminLog(context, {
      organizationId: token.project.organizationId,
      projectId: token.projectId,
      userId: actor?.id ?? null,
      userEmail: actor?.email ?? null,
      action: TOKEN_ADMIN_LOG_ACTIONS.revoke,
      targetType: TOKEN_TARGET_TYPE,
      targetId: token.id,
      details: { name: token.name, ownerEmail: token.user.email, source: options.source ?? 'api' },
    });
  }
  const revoked = await context.prisma.applicationToken.findUniqueOrThrow({
    where: { id: tokenId },
    include: TOKEN_VIEW_INCLUDE,
  });
  return toTokenView(revoked, context.now());
}

export function createTokensService(context: AppContext): TokensService {
  const usage = createTokenUsageRecorder(context);

  return {
    authenticate: (rawValue) => authenticateToken(context, rawValue),

    recordUse(auth) {
      usage.record({ token: auth.token, user: auth.user, project: auth.project });
    },

    flushUsage: () => usage.flush(),
  };
}
