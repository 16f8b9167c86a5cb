import { createHash, randomBytes } from 'node:crypto';

/**
 * Environment secrets: 64 hexadecimal characters (256 random bits), given to the agent as its
 * `envSecret` and sent in the `platform-secret-key` header. Only the SHA-256 (hex) is stored.
 */
export function generateEnvironmentSecret(): string {
  return randomBytes(32).toString('hex');
}

/** SHA-256 of the secret, hex: a fast hash suffices for 256 random bits (no guessing to slow down). */
export function hashEnvironmentSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
