import type { Caller } from '@platform/datasource-toolkit';
import { decodeProtectedHeader } from 'jose';
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

/**
 * A verifier that hands each token to the first of `verifiers` that claims it, chosen from the
 * token's unverified header (never from its claims, which nobody checked yet).
 */
export function createCompositeTokenVerifier(verifiers: readonly TokenVerifier[]): TokenVerifier {
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
      const verifier = pick(token);
      if (verifier === undefined) throw new InvalidTokenError('No issuer of this agent signs tokens like this one.');

      return verifier.verify(token);
    },
  };
}
