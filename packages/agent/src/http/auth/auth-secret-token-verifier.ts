import type { Caller } from '@platform/datasource-toolkit';
import { jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { InvalidTokenError, TokenExpiredError } from './authentication-errors';
import { callerFromClaims } from './caller-claims';
import type { TokenVerifier } from './token-verifier';

/** How many verified tokens each verifier remembers (least recently used first out). */
export const VERIFIED_TOKEN_CACHE_SIZE = 1000;

/** Longest lifetime of a user token by default, in seconds: 24 hours. */
export const DEFAULT_MAX_TOKEN_LIFETIME = 86_400;

export interface AuthSecretTokenVerifierOptions {
  /** Verified tokens kept; `0` disables the cache. Default `VERIFIED_TOKEN_CACHE_SIZE`. */
  readonly cacheSize?: number;
  /**
   * Longest lifetime accepted, in seconds: `exp` minus `iat` (minus the time of verification for a
   * token without `iat` or with an `iat` in the future). Default `DEFAULT_MAX_TOKEN_LIFETIME`.
   */
  readonly maxLifetime?: number;
}

/** A token that verified, with the time claims re-checked on every later use. */
interface VerifiedToken {
  readonly caller: Caller;
  /** `exp` and `nbf` claims, in seconds since the epoch, when the token has them. */
  readonly exp: number | undefined;
  readonly nbf: number | undefined;
}

/**
 * Verifies the user tokens the agent signs itself: HS256 with the `authSecret`. A token must
 * expire (`exp`), within `maxLifetime` of when it was issued: a token without `exp`, or one made to
 * last longer, is refused with an InvalidTokenError, so that a leaked token does not open the
 * agent forever.
 *
 * Verified tokens are cached per verifier, keyed by the whole token string, signature included:
 * an HS256 token is self-contained and the secret is fixed for the verifier's life, so the same
 * string always verifies to the same claims (a new secret means a new verifier, with an empty
 * cache). Only the time claims can change their verdict, so they are checked again against the
 * clock on every hit, exactly as `jwtVerify` checks them (`nbf` first, then `exp`, no tolerance):
 * a token that expires while cached answers TokenExpiredError and leaves the cache. Tokens that
 * fail verification are never cached.
 */
export function createAuthSecretTokenVerifier(
  authSecret: string,
  {
    cacheSize = VERIFIED_TOKEN_CACHE_SIZE,
    maxLifetime = DEFAULT_MAX_TOKEN_LIFETIME,
  }: AuthSecretTokenVerifierOptions = {},
): TokenVerifier {
  const key = new TextEncoder().encode(authSecret);
  // Least recently used token out once `cacheSize` are held; a token failing its time claims is dropped at once.
  const verified = cacheSize > 0 ? new LRUCache<string, VerifiedToken>({ max: cacheSize }) : undefined;

  const verifyWithJose = async (token: string): Promise<VerifiedToken> => {
    let payload: { exp?: number; nbf?: number; iat?: number };
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
    } catch (error) {
      // jose errors are compared by code: its classes differ between its ESM and CJS builds.
      if ((error as { code?: unknown }).code === 'ERR_JWT_EXPIRED') {
        throw new TokenExpiredError('The token has expired: sign in again.', { cause: error });
      }
      throw new InvalidTokenError('The token is invalid: its signature or claims do not verify.', { cause: error });
    }

    checkLifetime(payload, maxLifetime);

    return { caller: callerFromClaims(payload), exp: payload.exp, nbf: payload.nbf };
  };

  return {
    canVerify: (header) => header.alg === 'HS256',
    async verify(token: string): Promise<Caller> {
      const cached = verified?.get(token);
      if (cached !== undefined) {
        checkTimeClaims(cached, () => verified?.delete(token));

        return copyCaller(cached.caller);
      }

      const entry = await verifyWithJose(token);
      verified?.set(token, entry);

      return copyCaller(entry.caller);
    },
  };
}

/** @throws InvalidTokenError when the token never expires or lasts longer than `maxLifetime` seconds. */
function checkLifetime({ exp, iat }: { exp?: number; iat?: number }, maxLifetime: number): void {
  if (exp === undefined) {
    throw new InvalidTokenError(
      'The token has no expiry (`exp` claim): the agent refuses tokens that never expire. ' +
        `Sign user tokens with an expiry of at most ${maxLifetime} seconds.`,
    );
  }
  // Measured from now when `iat` is missing or in the future: a token dated ahead cannot stretch it.
  const now = Math.floor(Date.now() / 1000);
  const issuedAt = iat === undefined ? now : Math.min(iat, now);
  if (exp - issuedAt > maxLifetime) {
    throw new InvalidTokenError(
      `The token lasts ${exp - issuedAt} seconds (\`exp\` - \`iat\`), more than the ${maxLifetime} ` +
        'the agent accepts (option maxTokenLifetime): sign a token that expires sooner.',
    );
  }
}

/** `jwtVerify`'s checks of `nbf` and `exp` (seconds, floored clock, no tolerance). */
function checkTimeClaims({ exp, nbf }: VerifiedToken, evict: () => void): void {
  const now = Math.floor(Date.now() / 1000);
  if (nbf !== undefined && nbf > now) {
    evict();
    throw new InvalidTokenError('The token is invalid: its signature or claims do not verify.');
  }
  if (exp !== undefined && exp <= now) {
    evict();
    throw new TokenExpiredError('The token has expired: sign in again.');
  }
}

/** Each request gets its own caller (and tags), so that nothing can change what the cache holds. */
function copyCaller(caller: Caller): Caller {
  return { ...caller, tags: { ...caller.tags } };
}
