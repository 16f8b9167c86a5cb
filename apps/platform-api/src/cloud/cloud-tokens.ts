import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';
import { serverSecret } from '../workflows/server-secret';

// The secrets of the cloud CLI's login (docs/cloud.md, "Storage and keys"). Each is 256 random bits;
// the database keeps only SHA-256 hashes.
//
//   device code    pcd_<secret>
//   access token   pca_<secret>                     1 hour
//   refresh token  pcr_<loginId>.<family>.<secret>  90 days, replaced at each use
//
// `family` is an HMAC of the login id under the server secret `cloud-refresh-family`: only a token
// the platform issued for that login carries it. So a well-formed refresh token whose hash is not
// the login's current one is a rotated token used again (a stolen copy, or the real client after
// the thief), and the login is revoked; a forged one (another login's id) revokes nothing.

export const DEVICE_CODE_PREFIX = 'pcd_';
export const ACCESS_TOKEN_PREFIX = 'pca_';
export const REFRESH_TOKEN_PREFIX = 'pcr_';

const FAMILY_KEY_NAME = 'cloud-refresh-family';
const REFRESH_TOKEN_SHAPE = /^pcr_([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** RFC 8628 §6.1: consonants only (no vowels, so no words; no look-alike characters). */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

export function newDeviceCode(): string {
  return `${DEVICE_CODE_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function newAccessToken(): string {
  return `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Eight letters of USER_CODE_ALPHABET, stored without the dash. */
export function newUserCode(): string {
  return Array.from({ length: USER_CODE_LENGTH }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join(
    '',
  );
}

/** `BCDFGHJK` → `BCDF-GHJK`, as the CLI prints it and the page shows it. */
export function formatUserCode(userCode: string): string {
  return `${userCode.slice(0, 4)}-${userCode.slice(4)}`;
}

/** What a user typed (any case, with or without the dash or spaces) as stored, or undefined. */
export function normalizeUserCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return new RegExp(`^[${USER_CODE_ALPHABET}]{${USER_CODE_LENGTH}}$`).test(code) ? code : undefined;
}

/** SHA-256 (hex) of a device code or token: what the database stores. */
export function hashCloudSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The key of the refresh tokens' family tag; read before a transaction (it may insert it). */
export function refreshFamilyKey(context: AppContext): Promise<Buffer> {
  return serverSecret(context, FAMILY_KEY_NAME);
}

/** A new refresh token of login `loginId`. */
export function newRefreshToken(key: Buffer, loginId: number): string {
  return `${REFRESH_TOKEN_PREFIX}${loginId}.${familyTag(key, loginId)}.${randomBytes(32).toString('base64url')}`;
}

/** The login a refresh token was issued for, or undefined when it is malformed or not the platform's. */
export function loginIdOfRefreshToken(key: Buffer, token: string): number | undefined {
  const match = REFRESH_TOKEN_SHAPE.exec(token);
  if (!match) return undefined;
  const loginId = Number(match[1]);
  const expected = Buffer.from(familyTag(key, loginId));
  const presented = Buffer.from(match[2] as string);
  return timingSafeEqual(expected, presented) ? loginId : undefined;
}

function familyTag(key: Buffer, loginId: number): string {
  return createHmac('sha256', key).update(`cloud-login:${loginId}`).digest().subarray(0, 16).toString('base64url');
}
