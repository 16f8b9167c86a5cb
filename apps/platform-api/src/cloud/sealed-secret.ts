import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { serverSecret } from '../workflows/server-secret';

/** Name of the server secret that seals what cloud environments store (connections, agent secrets). */
const KEY_NAME = 'cloud-connection';
const VERSION = 'v1';

/**
 * Seals `plaintext` with AES-256-GCM under the server's cloud key: `v1.<iv>.<tag>.<ciphertext>`
 * (base64url parts). The result is safe to store; only `openSealed` on the same database reads it.
 */
export async function seal(context: AppContext, plaintext: string): Promise<string> {
  const key = await serverSecret(context, KEY_NAME);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map(part).join('.');
}

/** Reads what `seal` sealed; throws `SealedSecretError` for anything else (tampered, other key). */
export async function openSealed(context: AppContext, sealed: string): Promise<string> {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
    throw new SealedSecretError('not a sealed value of this server');
  }
  const key = await serverSecret(context, KEY_NAME);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError('the sealed value does not open with this server key (tampered, or another database)');
  }
}

export class SealedSecretError extends Error {
  override readonly name = 'SealedSecretError';
}

function part(value: string | Buffer): string {
  return typeof value === 'string' ? value : value.toString('base64url');
}
