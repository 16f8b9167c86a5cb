import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { BASE62_PATTERN, bytesToBigInt, encodeBase62 } from './base62';

/**
 * Application token values: `plat_` + 43 base62 characters (256 random bits) + a 6-character
 * base62 CRC32 of those 43 characters, e.g. `plat_3kT…Qz0aB9xY` (54 characters in all).
 *
 * The prefix lets secret scanners recognise a leaked token; the checksum lets them (and us) tell a
 * real token from a look-alike or a typo without a database lookup. See docs/tokens.md.
 */
export const TOKEN_PREFIX = 'plat_';
const RANDOM_BYTES = 32;
/** ceil(256 / log2(62)): enough base62 digits for every 256-bit value. */
const RANDOM_LENGTH = 43;
/** 62^6 > 2^32, so every CRC32 fits. */
const CHECKSUM_LENGTH = 6;
/** Characters of the random part shown in listings: 4 × 5.95 bits, a negligible share of 256. */
const DISPLAYED_RANDOM_LENGTH = 4;

export const TOKEN_LENGTH = TOKEN_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;

const TOKEN_SHAPE = new RegExp(
  `^${TOKEN_PREFIX}(${BASE62_PATTERN}{${RANDOM_LENGTH}})(${BASE62_PATTERN}{${CHECKSUM_LENGTH}})$`,
);

export interface GeneratedToken {
  /** The whole value, shown once to its creator and never stored. */
  readonly value: string;
  /** What is stored and looked up. */
  readonly hash: string;
  /** What listings show to recognise the token. */
  readonly displayPrefix: string;
}

export type ParsedToken =
  | { readonly isValid: true; readonly value: string }
  | { readonly isValid: false; readonly problem: 'shape' | 'checksum' };

export function checksumOf(randomPart: string): string {
  return encodeBase62(BigInt(crc32(randomPart)), CHECKSUM_LENGTH);
}

export function generateToken(): GeneratedToken {
  const randomPart = encodeBase62(bytesToBigInt(randomBytes(RANDOM_BYTES)), RANDOM_LENGTH);
  const value = `${TOKEN_PREFIX}${randomPart}${checksumOf(randomPart)}`;
  return { value, hash: hashToken(value), displayPrefix: displayPrefixOf(value) };
}

/** Checks the shape and the checksum of a presented value, without any database lookup. */
export function parseToken(value: string): ParsedToken {
  const match = TOKEN_SHAPE.exec(value);
  if (!match) return { isValid: false, problem: 'shape' };
  const [, randomPart = '', checksum = ''] = match;
  if (checksumOf(randomPart) !== checksum) return { isValid: false, problem: 'checksum' };
  return { isValid: true, value };
}

/**
 * SHA-256 of the whole value, hex. A fast hash is the right tool here, unlike for passwords:
 * the value carries 256 random bits, so no dictionary or brute force can invert the hash however
 * fast it is, and a slow KDF (scrypt, argon2) would only add its cost to every API request. No
 * salt either: it would defeat the indexed lookup by hash, and it protects nothing for random values.
 */
export function hashToken(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex hashes of equal length. */
export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function displayPrefixOf(value: string): string {
  return value.slice(0, TOKEN_PREFIX.length + DISPLAYED_RANDOM_LENGTH);
}
