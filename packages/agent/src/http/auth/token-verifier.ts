import type { Caller } from '@platform/datasource-toolkit';
import { decodeProtectedHeader } from 'jose';
import { LRUCache } from 'lru-cache';
import { InvalidTokenError } from './authentication-errors';

/** What a verifier may look at to decide, before verification, whether a token is its own. */
export interface UnverifiedTokenHeader {
  readonly alg?: string;
  readonly kid?: string;
}

/**
 * Turns a bearer token into the caller it was issued for. One verifier per issuer: the agent's
 * own HS256 user tokens today, platform-signed tokens checked against a JWKS later.
 */
export interface TokenVerifier {
  /** True when this verifier is the one for tokens with this header (its algorithm, key id). */
  canVerify(header: UnverifiedTokenHeader): boolean;
  /** @throws InvalidTokenError or TokenExpiredError. */
  verify(token: string): Promise<Caller>;
}

/** How many tokens the composite verifier remembers the verifier of. */
export const PICKED_VERIFIER_CACHE_SIZE = 1000;

/**
 * A verifier that hands each token to the first of `verifiers` that claims it, chosen from the
 * token's unverified header (never from its claims, which nobody checked yet).
 *
 * The choice depends only on the header, which is part of the token string: once a token has
 * verified, the verifier that took it is remembered (keyed by the whole token), so its header is
 * not decoded again. Tokens that fail verification are not remembered.
 */
export function createCompositeTokenVerifier(verifiers: readonly TokenVerifier[]): TokenVerifier {
  // Least recently used token out once `PICKED_VERIFIER_CACHE_SIZE` are held.
  const picked = new LRUCache<string, TokenVerifier>({ max: PICKED_VERIFIER_CACHE_SIZE });
  const pick = (token: string): TokenVerifier | undefined => {
    let header: UnverifiedTokenHeader;
    try {
      header = decodeProtectedHeader(token);
    } catch (error) {
      throw new InvalidTokenError('The bearer token is not a JWT.', { cause: error });
    }

    return verifiers.find((verifier) => verifier.canVerify(header));
  };

  return {
    canVerify: (header) => verifiers.some((verifier) => verifier.canVerify(header)),
    async verify(token) {
      const remembered = picked.get(token);
      if (remembered !== undefined) return remembered.verify(token);

      const verifier = pick(token);
      if (verifier === undefined) throw new InvalidTokenError('No issuer of this agent signs tokens like this one.');

      const caller = await verifier.verify(token);
      picked.set(token, verifier);

      return caller;
    },
  };
}
