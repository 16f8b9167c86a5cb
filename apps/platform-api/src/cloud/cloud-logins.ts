import type { CloudTokenResponse } from '@platform/platform-contract';
import type { AppContext } from '../context';
import type { CloudLogin, Prisma } from '../generated/prisma/client';
import { CLOUD_ADMIN_LOG_ACTIONS, type LoginRevocationReason, logLoginEvent } from './cloud-admin-log';
import { CloudOAuthError } from './cloud-errors';
import {
  ACCESS_TOKEN_PREFIX,
  hashCloudSecret,
  loginIdOfRefreshToken,
  newAccessToken,
  newRefreshToken,
  REFRESH_TOKEN_PREFIX,
  refreshFamilyKey,
} from './cloud-tokens';

/** Lifetime of an access token (`pca_…`). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** Lifetime of a refresh token (`pcr_…`); each refresh issues a new one, valid as long again. */
export const REFRESH_TOKEN_TTL_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;

const invalidGrant = (message: string) => new CloudOAuthError('invalid_grant', message);

/** The columns of a new pair of tokens, valid from the context's now. */
function tokenColumns(context: AppContext, key: Buffer, loginId: number) {
  const now = context.now().getTime();
  const accessToken = newAccessToken();
  const refreshToken = newRefreshToken(key, loginId);
  return {
    response: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refreshToken,
    } satisfies CloudTokenResponse,
    data: {
      accessTokenHash: hashCloudSecret(accessToken),
      accessExpiresAt: new Date(now + ACCESS_TOKEN_TTL_SECONDS * 1000),
      refreshTokenHash: hashCloudSecret(refreshToken),
      refreshExpiresAt: new Date(now + REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    },
  };
}

/**
 * Opens a login for `userId` in `transaction` (the one that used up the approved device code) and
 * returns its tokens. `key` is `refreshFamilyKey`, read before the transaction.
 */
export async function openLogin(
  context: AppContext,
  transaction: Prisma.TransactionClient,
  key: Buffer,
  owner: { readonly userId: number; readonly clientLabel: string },
): Promise<{ readonly login: CloudLogin; readonly tokens: CloudTokenResponse }> {
  // The refresh token names the login's id, known only once the row exists: it is inserted with
  // the hash of a throwaway secret nobody holds, then given its tokens.
  const placeholder = newAccessToken();
  const created = await transaction.cloudLogin.create({
    data: {
      ...owner,
      accessTokenHash: hashCloudSecret(placeholder),
      refreshTokenHash: hashCloudSecret(`${placeholder}.refresh`),
      accessExpiresAt: context.now(),
      refreshExpiresAt: context.now(),
      createdAt: context.now(),
    },
  });
  const { response, data } = tokenColumns(context, key, created.id);
  const login = await transaction.cloudLogin.update({ where: { id: created.id }, data });
  return { login, tokens: response };
}

/**
 * The `refresh_token` grant: a new access token and a new refresh token, the presented one used up
 * (rotation). A rotated refresh token presented again revokes the login (RFC 9700 §4.14.2), as does
 * a race of two requests with the same token: one of the two holders is not the CLI.
 */
export async function refreshLogin(context: AppContext, refreshToken: string): Promise<CloudTokenResponse> {
  const key = await refreshFamilyKey(context);
  const loginId = loginIdOfRefreshToken(key, refreshToken);
  if (loginId === undefined)
    throw invalidGrant('The refresh token is not valid; sign in again with platform-cloud login.');
  const login = await context.prisma.cloudLogin.findUnique({ where: { id: loginId }, include: { user: true } });
  if (!login) throw invalidGrant('This login no longer exists; sign in again with platform-cloud login.');
  if (login.revokedAt) throw invalidGrant('This login was revoked; sign in again with platform-cloud login.');
  const presentedHash = hashCloudSecret(refreshToken);
  if (login.refreshTokenHash !== presentedHash) throw await refuseReusedToken(context, login);
  if (login.refreshExpiresAt.getTime() <= context.now().getTime()) {
    throw invalidGrant('The refresh token expired; sign in again with platform-cloud login.');
  }

  const { response, data } = tokenColumns(context, key, login.id);
  const { count } = await context.prisma.cloudLogin.updateMany({
    where: { id: login.id, refreshTokenHash: presentedHash, revokedAt: null },
    data,
  });
  if (count !== 1) throw await refuseReusedToken(context, login);
  return response;
}

async function refuseReusedToken(
  context: AppContext,
  login: CloudLogin & { user: { id: number; email: string } },
): Promise<CloudOAuthError> {
  await revokeLogin(context, login, 'refresh_token_reuse');
  return invalidGrant(
    'This refresh token was already used, so it may have been copied: the login is revoked. Sign in again with platform-cloud login.',
  );
}

/**
 * RFC 7009: revokes the login of an access or refresh token the platform issued. Anything else
 * (unknown, expired, already revoked) is ignored, as the RFC asks.
 */
export async function revokeByToken(context: AppContext, token: string): Promise<void> {
  let login: (CloudLogin & { user: { id: number; email: string } }) | null = null;
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
    login = await context.prisma.cloudLogin.findUnique({
      where: { accessTokenHash: hashCloudSecret(token) },
      include: { user: true },
    });
  } else if (token.startsWith(REFRESH_TOKEN_PREFIX)) {
    // Any refresh token of the login's family, rotated ones too: its holder may end the login.
    const loginId = loginIdOfRefreshToken(await refreshFamilyKey(context), token);
    if (loginId !== undefined) {
      login = await context.prisma.cloudLogin.findUnique({ where: { id: loginId }, include: { user: true } });
    }
  }
  if (login) await revokeLogin(context, login, 'revocation_endpoint');
}

/** Revokes `login` (both its tokens stop working) and logs it, unless it was revoked already. */
export async function revokeLogin(
  context: AppContext,
  login: Pick<CloudLogin, 'id' | 'clientLabel'> & { user: { id: number; email: string } },
  reason: LoginRevocationReason,
): Promise<boolean> {
  const { count } = await context.prisma.cloudLogin.updateMany({
    where: { id: login.id, revokedAt: null },
    data: { revokedAt: context.now() },
  });
  if (count === 0) return false;
  await logLoginEvent(context, {
    user: login.user,
    isActingUser: reason === 'revocation_endpoint',
    action: CLOUD_ADMIN_LOG_ACTIONS.revokeLogin,
    target: { type: 'cloud_login', id: login.id },
    details: { clientLabel: login.clientLabel, reason },
  });
  return true;
}
