import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes with scrypt (node:crypto), stored as `scrypt$N$r$p$salt$hash` with the salt and
 * the derived key in base64url. The cost parameters travel with each hash, so raising them later
 * only affects new hashes and old ones still verify.
 */
export interface ScryptParameters {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  /** Block size. */
  readonly r: number;
  /** Parallelisation. */
  readonly p: number;
}

/**
 * One of OWASP's equivalent scrypt settings (N=2^15, r=8, p=3 ≈ N=2^17, r=8, p=1): the same work,
 * but 32 MiB per hash instead of 128 MiB, so concurrent sign-ins do not exhaust the server's memory.
 */
export const DEFAULT_SCRYPT_PARAMETERS: ScryptParameters = Object.freeze({ N: 2 ** 15, r: 8, p: 3 });

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/**
 * Upper bounds accepted when verifying: a hash string edited in the database must not be able to
 * make one sign-in allocate gigabytes or run for minutes.
 */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function derive(password: string, salt: Buffer, keyLength: number, parameters: ScryptParameters): Promise<Buffer> {
  const options: ScryptOptions = {
    N: parameters.N,
    r: parameters.r,
    p: parameters.p,
    // Node's default limit (32 MiB) is exactly 128·N·r for N=2^15, r=8; leave room for larger settings.
    maxmem: 256 * parameters.N * parameters.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(
  password: string,
  parameters: ScryptParameters = DEFAULT_SCRYPT_PARAMETERS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, parameters);
  return [
    'scrypt',
    parameters.N,
    parameters.r,
    parameters.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

interface ParsedHash {
  readonly parameters: ScryptParameters;
  readonly salt: Buffer;
  readonly key: Buffer;
}

function isPositiveInteger(text: string, max: number): boolean {
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= max;
}

/** Reads a stored hash; undefined when it is not one this module wrote (or was tampered with). */
export function parsePasswordHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6) return undefined;
  const [scheme = '', n = '', r = '', p = '', salt = '', key = ''] = parts;
  if (scheme !== 'scrypt') return undefined;
  if (!isPositiveInteger(n, MAX_N) || !isPositiveInteger(r, MAX_R) || !isPositiveInteger(p, MAX_P)) return undefined;
  const N = Number(n);
  if ((N & (N - 1)) !== 0 || N < 2) return undefined;
  if (!BASE64URL.test(salt) || !BASE64URL.test(key)) return undefined;
  const keyBuffer = Buffer.from(key, 'base64url');
  if (keyBuffer.length < 16 || keyBuffer.length > 64) return undefined;
  return { parameters: { N, r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64url'), key: keyBuffer };
}

/**
 * True when `password` matches `stored`. A malformed or tampered hash never matches (it does not
 * throw), and the comparison of the derived keys is constant-time.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed.parameters);
  return timingSafeEqual(key, parsed.key);
}

/**
 * Shaped like a real hash with the default cost: deriving a key for it costs what a real
 * verification costs. Its key is not the derivation of any password, so it never matches.
 */
const DUMMY_HASH = [
  'scrypt',
  DEFAULT_SCRYPT_PARAMETERS.N,
  DEFAULT_SCRYPT_PARAMETERS.r,
  DEFAULT_SCRYPT_PARAMETERS.p,
  Buffer.alloc(SALT_BYTES).toString('base64url'),
  Buffer.alloc(KEY_BYTES).toString('base64url'),
].join('$');

/**
 * Spends the same work as verifying a real password, and always fails. Sign-in calls it for
 * unknown emails and SSO-only users so that the response time does not reveal which emails exist.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}
