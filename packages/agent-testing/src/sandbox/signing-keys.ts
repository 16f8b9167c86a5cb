import { randomUUID } from 'node:crypto';
import type { PlatformJwks } from '@platform/platform-contract';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

interface SigningKey {
  readonly kid: string;
  readonly privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  readonly publicJwk: PlatformJwks['keys'][number];
}

/**
 * The sandbox's Ed25519 key ring, like the platform's: one current key signs, every published
 * key verifies. Rotating adds a new current key and keeps the previous one published until it
 * is retired, as a rollover without downtime does.
 */
export class SigningKeys {
  private readonly keys: SigningKey[] = [];

  /** The kid of the key that signs new tokens. */
  get currentKid(): string {
    const current = this.keys.at(-1);
    if (current === undefined) throw new Error('The sandbox has no signing key yet: call rotate() first.');

    return current.kid;
  }

  /** Adds a new current key (the previous ones stay published); returns its kid. */
  async rotate(): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kty: 'OKP', kid, alg: 'EdDSA' as const, use: 'sig' as const };
    this.keys.push({ kid, privateKey, publicJwk });

    return kid;
  }

  /** Stops publishing a key: tokens it signed no longer verify. The current key cannot be retired. */
  retire(kid: string): void {
    if (kid === this.currentKid) throw new Error(`Key ${kid} signs new tokens: rotate() before retiring it.`);
    const index = this.keys.findIndex((key) => key.kid === kid);
    if (index === -1) throw new Error(`No published key has the kid ${kid}.`);
    this.keys.splice(index, 1);
  }

  /** The JSON Web Key Set of every published key. */
  jwks(): PlatformJwks {
    return { keys: this.keys.map((key) => ({ ...key.publicJwk })) };
  }

  /** Signs `claims` (which carry `iat` and `exp`) with the current key. */
  async sign(claims: Record<string, unknown>): Promise<string> {
    const current = this.keys.at(-1);
    if (current === undefined) throw new Error('The sandbox has no signing key yet.');

    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: current.kid, typ: 'JWT' })
      .sign(current.privateKey);
  }
}
