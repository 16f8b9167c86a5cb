import { CLOUD_PATHS, type CloudTokenResponse, type DeviceAuthorizationResponse } from '@platform/platform-contract';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/unique-violation';
import type { CloudDeviceCode } from '../generated/prisma/client';
import { CLOUD_ADMIN_LOG_ACTIONS, logLoginEvent } from './cloud-admin-log';
import { CloudOAuthError, DeviceCodeUnavailableError } from './cloud-errors';
import { openLogin } from './cloud-logins';
import { formatUserCode, hashCloudSecret, newDeviceCode, newUserCode, refreshFamilyKey } from './cloud-tokens';

/** How long a device code may be approved and polled (RFC 8628 `expires_in`). */
export const DEVICE_CODE_TTL_SECONDS = 10 * 60;
/** Expired codes are deleted this long after their expiry, when the next one is issued. */
const EXPIRED_RETENTION_MS = 24 * 60 * 60_000;
const MAX_USER_CODE_ATTEMPTS = 5;

/**
 * RFC 8628 §3.1–3.2: a new device code for the CLI to poll with and a user code for the person to
 * approve on the device page. Only the device code's hash is stored.
 */
export async function startDeviceAuthorization(
  context: AppContext,
  clientLabel: string,
): Promise<DeviceAuthorizationResponse> {
  const now = context.now();
  await context.prisma.cloudDeviceCode.deleteMany({
    where: { expiresAt: { lt: new Date(now.getTime() - EXPIRED_RETENTION_MS) } },
  });
  const deviceCode = newDeviceCode();
  const expiresAt = new Date(now.getTime() + DEVICE_CODE_TTL_SECONDS * 1000);
  for (let attempt = 1; ; attempt++) {
    const userCode = newUserCode();
    try {
      await context.prisma.cloudDeviceCode.create({
        data: { deviceCodeHash: hashCloudSecret(deviceCode), userCode, clientLabel, createdAt: now, expiresAt },
      });
    } catch (error) {
      // 20^8 codes: a clash with a live one is rare, and a new draw settles it.
      if (isUniqueViolation(error) && attempt < MAX_USER_CODE_ATTEMPTS) continue;
      throw error;
    }
    const verificationUri = `${context.config.publicUrl}${CLOUD_PATHS.devicePage}`;
    return {
      device_code: deviceCode,
      user_code: formatUserCode(userCode),
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${formatUserCode(userCode)}`,
      expires_in: DEVICE_CODE_TTL_SECONDS,
      interval: context.config.PLATFORM_CLOUD_DEVICE_POLL_INTERVAL_SECONDS,
    };
  }
}

/** The device code of `userCode` (normalized) while it may still be approved or denied. */
export async function findOpenDeviceCode(context: AppContext, userCode: string): Promise<CloudDeviceCode> {
  const code = await context.prisma.cloudDeviceCode.findUnique({ where: { userCode } });
  if (!code) {
    throw new DeviceCodeUnavailableError(
      'unknown',
      `No sign-in is waiting for code ${formatUserCode(userCode)}: check the code your terminal shows, or run platform-cloud login again.`,
    );
  }
  if (code.approvedAt || code.deniedAt || code.consumedAt) {
    throw new DeviceCodeUnavailableError(
      'answered',
      `Code ${formatUserCode(userCode)} was already answered; to sign in again, run platform-cloud login again.`,
    );
  }
  if (code.expiresAt.getTime() <= context.now().getTime()) {
    throw new DeviceCodeUnavailableError(
      'expired',
      `Code ${formatUserCode(userCode)} expired (codes last ${DEVICE_CODE_TTL_SECONDS / 60} minutes): run platform-cloud login again.`,
    );
  }
  return code;
}

/**
 * The signed-in `user`'s answer on the device page. Approving binds the code to the user; the CLI's
 * next poll turns it into a login. Each code is answered once (a concurrent second answer fails).
 */
export async function answerDeviceCode(
  context: AppContext,
  userCode: string,
  user: { readonly id: number; readonly email: string },
  decision: 'approve' | 'deny',
): Promise<CloudDeviceCode> {
  const code = await findOpenDeviceCode(context, userCode);
  const now = context.now();
  const { count } = await context.prisma.cloudDeviceCode.updateMany({
    where: { userCode, approvedAt: null, deniedAt: null, consumedAt: null, expiresAt: { gt: now } },
    data: decision === 'approve' ? { userId: user.id, approvedAt: now } : { userId: user.id, deniedAt: now },
  });
  if (count !== 1) {
    // Answered or expired since it was read: findOpenDeviceCode says which.
    await findOpenDeviceCode(context, userCode);
    throw new DeviceCodeUnavailableError('answered', `Code ${formatUserCode(userCode)} was already answered.`);
  }
  await logLoginEvent(context, {
    user,
    isActingUser: true,
    action: decision === 'approve' ? CLOUD_ADMIN_LOG_ACTIONS.approveDevice : CLOUD_ADMIN_LOG_ACTIONS.denyDevice,
    target: { type: 'cloud_device_code', id: formatUserCode(userCode) },
    details: { clientLabel: code.clientLabel },
  });
  return code;
}

/**
 * RFC 8628 §3.4–3.5: the CLI's poll. Pending: `authorization_pending`, or `slow_down` when it polls
 * sooner than the interval. Approved: the tokens of a new login, once (the code is used up).
 */
export async function pollDeviceCode(context: AppContext, deviceCode: string): Promise<CloudTokenResponse> {
  const key = await refreshFamilyKey(context);
  const deviceCodeHash = hashCloudSecret(deviceCode);
  const code = await context.prisma.cloudDeviceCode.findUnique({ where: { deviceCodeHash }, include: { user: true } });
  const now = context.now();
  if (!code)
    throw new CloudOAuthError('invalid_grant', 'The device code is not valid; run platform-cloud login again.');
  if (code.consumedAt) {
    throw new CloudOAuthError(
      'invalid_grant',
      'The device code was already exchanged; run platform-cloud login again.',
    );
  }
  if (code.expiresAt.getTime() <= now.getTime()) {
    throw new CloudOAuthError(
      'expired_token',
      'The code expired before it was approved; run platform-cloud login again.',
    );
  }
  if (code.deniedAt) throw new CloudOAuthError('access_denied', 'The sign-in was denied on the platform.');
  if (code.approvedAt && code.user) {
    const user = code.user;
    const opened = await context.prisma.$transaction(async (transaction) => {
      const { count } = await transaction.cloudDeviceCode.updateMany({
        where: { deviceCodeHash, consumedAt: null },
        data: { consumedAt: now },
      });
      if (count !== 1) return undefined;
      return openLogin(context, transaction, key, { userId: user.id, clientLabel: code.clientLabel });
    });
    if (!opened) {
      throw new CloudOAuthError(
        'invalid_grant',
        'The device code was already exchanged; run platform-cloud login again.',
      );
    }
    await logLoginEvent(context, {
      user,
      isActingUser: true,
      action: CLOUD_ADMIN_LOG_ACTIONS.createLogin,
      target: { type: 'cloud_login', id: opened.login.id },
      details: { clientLabel: code.clientLabel },
    });
    return opened.tokens;
  }
  await context.prisma.cloudDeviceCode.update({ where: { deviceCodeHash }, data: { lastPolledAt: now } });
  const intervalMs = context.config.PLATFORM_CLOUD_DEVICE_POLL_INTERVAL_SECONDS * 1000;
  if (code.lastPolledAt && now.getTime() - code.lastPolledAt.getTime() < intervalMs) {
    throw new CloudOAuthError('slow_down', 'Polled sooner than the interval: wait 5 seconds more between polls.');
  }
  throw new CloudOAuthError('authorization_pending', 'Waiting for the user to approve the code on the platform.');
}
