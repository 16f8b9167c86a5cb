import { randomUUID } from 'node:crypto';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK } from 'jose';
import type { AppContext } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import type { Prisma, SigningKey } from '../generated/prisma/client';

/** Algorithm of the platform's token keys: EdDSA over Ed25519. */
export const SIGNING_ALGORITHM = 'EdDSA';

/**
 * The keys agents may verify tokens with: every key not retired, oldest first. The first key is
 * made here when there is none yet, so a fresh platform needs no setup.
 */
export async function publishedKeys(context: AppContext): Promise<SigningKey[]> {
  const keys = await context.prisma.signingKey.findMany({ where: { retiredAt: null }, orderBy: { createdAt: 'asc' } });
  if (keys.length > 0) return keys;
  return [await createSigningKey(context)];
}

/** The key new tokens are signed with: the newest published one. */
export async function currentSigningKey(
  context: AppContext,
): Promise<{ kid: string; privateKey: Awaited<ReturnType<typeof importPKCS8>> }> {
  const keys = await publishedKeys(context);
  const newest = keys[keys.length - 1] as SigningKey;
  return { kid: newest.kid, privateKey: await importPKCS8(newest.privateKey, SIGNING_ALGORITHM) };
}

/** The public JWKS document of `keys`. */
export function toJwks(keys: readonly SigningKey[]): { keys: JWK[] } {
  return { keys: keys.map((key) => ({ ...(key.publicJwk as JWK), kid: key.kid, alg: key.alg, use: 'sig' })) };
}

/**
 * Makes a new key, which becomes the signing key at once; the previous keys stay published (so
 * tokens they signed still verify) until `retireSigningKeys`.
 */
export async function createSigningKey(context: AppContext): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  // createdAt orders keys; the clock may stand still in tests, hence one millisecond past the newest.
  const newest = await context.prisma.signingKey.findFirst({ orderBy: { createdAt: 'desc' } });
  const now = context.now();
  const createdAt =
    newest && newest.createdAt.getTime() >= now.getTime() ? new Date(newest.createdAt.getTime() + 1) : now;
  return context.prisma.signingKey.create({
    data: {
      kid: randomUUID(),
      alg: SIGNING_ALGORITHM,
      publicJwk: publicJwk as Prisma.InputJsonObject,
      privateKey: await exportPKCS8(privateKey),
      createdAt,
    },
  });
}

/**
 * Stops publishing keys: the one named `kid`, or every key but the current signing key. Tokens
 * they signed stop verifying once agents refresh their key set. The signing key itself cannot be
 * retired (rotate first).
 */
export async function retireSigningKeys(context: AppContext, kid?: string): Promise<string[]> {
  const keys = await publishedKeys(context);
  const current = keys[keys.length - 1] as SigningKey;
  if (kid !== undefined) {
    if (!keys.some((key) => key.kid === kid)) throw new NotFoundError(`No published key with kid ${kid}.`);
    if (kid === current.kid)
      throw new ValidationError(`Key ${kid} is the signing key; run \`keys rotate\` before retiring it.`);
  }
  const retired = keys.filter((key) => key.kid !== current.kid && (kid === undefined || key.kid === kid));
  await context.prisma.signingKey.updateMany({
    where: { kid: { in: retired.map((key) => key.kid) } },
    data: { retiredAt: context.now() },
  });
  return retired.map((key) => key.kid);
}
