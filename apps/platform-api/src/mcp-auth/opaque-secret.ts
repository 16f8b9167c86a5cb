import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret (authorization code, refresh token): 256 random bits, base64url. */
export function newOpaqueSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores of an opaque secret: its SHA-256, hex. */
export function hashOpaqueSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
