import type { RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { AuthenticationError } from '../errors';
import { ACCESS_TOKEN_PREFIX, hashCloudSecret } from './cloud-tokens';

/** `lastUsedAt` moves at most once per this period: most requests write nothing. */
export const LAST_USED_RESOLUTION_MS = 60_000;
const LOGIN_HINT = 'sign in with platform-cloud login';

/** Who calls a cloud JSON route: the user of a valid access token, and the login it belongs to. */
export interface CloudCaller {
  readonly loginId: number;
  readonly user: { readonly id: number; readonly email: string };
}

/**
 * Lets through only requests with `Authorization: Bearer pca_…`, an access token of a login that
 * is neither revoked nor expired, and leaves the caller on `res.locals.cloudCaller`. Otherwise an
 * AuthenticationError (`missing`, `invalid` or `expired`), which cloud-api-errors.ts answers 401.
 */
export function requireCloudLogin(context: AppContext): RequestHandler {
  return async function cloudLoginMiddleware(req, res, next) {
    res.locals.cloudCaller = await authenticateAccessToken(context, req.get('authorization'));
    next();
  };
}

export async function authenticateAccessToken(context: AppContext, header: string | undefined): Promise<CloudCaller> {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  if (!match) {
    throw new AuthenticationError(`Send the access token as Authorization: Bearer; ${LOGIN_HINT}.`, 'missing');
  }
  const token = match[1] as string;
  const login = token.startsWith(ACCESS_TOKEN_PREFIX)
    ? await context.prisma.cloudLogin.findUnique({
        where: { accessTokenHash: hashCloudSecret(token) },
        include: { user: { select: { id: true, email: true } } },
      })
    : null;
  // A refreshed login has a new access token: the previous one is unknown from then on.
  if (!login) throw new AuthenticationError(`The access token is not valid; ${LOGIN_HINT}.`, 'invalid');
  if (login.revokedAt) throw new AuthenticationError(`This login was revoked; ${LOGIN_HINT}.`, 'invalid');
  const now = context.now();
  if (login.accessExpiresAt.getTime() <= now.getTime()) {
    throw new AuthenticationError('The access token expired; refresh it (or sign in again).', 'expired');
  }
  if (!login.lastUsedAt || now.getTime() - login.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await context.prisma.cloudLogin.update({ where: { id: login.id }, data: { lastUsedAt: now } });
  }
  return { loginId: login.id, user: login.user };
}

/** The caller `requireCloudLogin` authenticated. */
export function cloudCaller(res: Response): CloudCaller {
  const caller: unknown = res.locals.cloudCaller;
  if (!caller) throw new Error('cloudCaller called on a route without requireCloudLogin');
  return caller as CloudCaller;
}
