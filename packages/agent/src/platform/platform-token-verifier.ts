import type { Caller } from '@platform/datasource-toolkit';
import {
  agentContract,
  PLATFORM_TOKEN_ISSUER,
  PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  platformTokenAudience,
  platformTokenClaimsSchema,
  SECRET_HEADER,
} from '@platform/platform-contract';
import { createRemoteJWKSet, customFetch, type FetchImplementation, jwtVerify } from 'jose';
import { InvalidTokenError, TokenExpiredError } from '../http/auth/authentication-errors';
import { callerFromClaims } from '../http/auth/caller-claims';
import type { TokenVerifier } from '../http/auth/token-verifier';
import { PlatformBreaker, type PlatformBreakerOptions } from './platform-breaker';
import { PlatformUnavailableError } from './platform-errors';
import type { PlatformStatus } from './platform-status';

const ALGORITHMS = ['EdDSA', 'ES256'];

export interface PlatformTokenVerifierOptions {
  readonly serverUrl: string;
  readonly envSecret: string;
  /** The environment's id (from the platform), once known: the tokens' audience. */
  readonly getEnvironmentId: () => number | undefined;
  /** How long the fetched key set is trusted before it is fetched again; default 10 min. */
  readonly jwksMaxAgeMs?: number;
  /** Least delay between two fetches triggered by unknown key ids (a scheduled fetch does not count); default 30 s. */
  readonly jwksCooldownMs?: number;
  /** The link to the platform, told of each fetch's outcome: a refused secret refuses every token. */
  readonly status?: PlatformStatus;
  /** The back-off between failed fetches of the key set; default 1 s doubling to 30 s. */
  readonly backoff?: PlatformBreakerOptions;
}

/**
 * Verifies the user tokens the platform mints for workflow runs and MCP sessions: EdDSA or
 * ES256 against the platform's key set (fetched with the environment secret, cached, fetched
 * again on an unknown key id so that a new key works at once), issuer `platform`, audience this
 * environment, a lifetime of at most 15 minutes, and the caller claims. After a failed fetch no
 * other is made until a back-off has passed: tokens meanwhile answer PlatformUnavailableError at
 * once (PlatformSecretRefusedError when the platform refused the secret).
 */
export function createPlatformTokenVerifier(options: PlatformTokenVerifierOptions): TokenVerifier {
  const cacheMaxAge = options.jwksMaxAgeMs ?? 10 * 60_000;
  const cooldownMs = options.jwksCooldownMs ?? 30_000;
  // jose's own cooldown counts from any fetch, so a key rotated just after the agent fetched the
  // set would be refused for the whole cooldown. Its unknown-key reload is disabled here (cooldown
  // as long as the cache) and done below, throttled only against earlier unknown-key reloads.
  const remoteKeySet = createRemoteJWKSet(new URL(`${options.serverUrl}${agentContract.jwks.path}`), {
    headers: { [SECRET_HEADER]: options.envSecret },
    cacheMaxAge,
    cooldownDuration: cacheMaxAge,
    timeoutDuration: 5_000,
    [customFetch]: guardedFetch(options.status, new PlatformBreaker(options.backoff)),
  });
  let lastUnknownKeyReloadAt = Number.NEGATIVE_INFINITY;
  const keySet = async (...args: Parameters<typeof remoteKeySet>) => {
    try {
      return await remoteKeySet(...args);
    } catch (error) {
      const isUnknownKey = (error as { code?: unknown }).code === 'ERR_JWKS_NO_MATCHING_KEY';
      if (!isUnknownKey || Date.now() - lastUnknownKeyReloadAt < cooldownMs) throw error;
      lastUnknownKeyReloadAt = Date.now();
      await remoteKeySet.reload();
      return remoteKeySet(...args);
    }
  };

  return {
    canVerify: (header) => header.alg !== undefined && ALGORITHMS.includes(header.alg),
    async verify(token): Promise<Caller> {
      if (options.status?.isRefused) throw options.status.refusedError();
      const environmentId = options.getEnvironmentId();
      if (environmentId === undefined) {
        throw new PlatformUnavailableError(
          'The agent has not reached the platform yet: platform tokens cannot be checked.',
        );
      }
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, keySet, {
          algorithms: ALGORITHMS,
          issuer: PLATFORM_TOKEN_ISSUER,
          audience: platformTokenAudience(environmentId),
          requiredClaims: ['exp', 'iat'],
        }));
      } catch (error) {
        if (options.status?.isRefused) throw options.status.refusedError(error);
        throw translate(error);
      }
      const claims = platformTokenClaimsSchema.safeParse(payload);
      if (!claims.success) throw new InvalidTokenError('The platform token does not carry the claims of a user.');
      if (claims.data.exp - claims.data.iat > PLATFORM_TOKEN_MAX_LIFETIME_SECONDS) {
        throw new InvalidTokenError('The platform token lives longer than 15 minutes: it is refused.');
      }

      // The token's purpose says where the request comes from; no other token can claim it.
      return { ...callerFromClaims(claims.data), via: claims.data.purpose };
    },
  };
}

/**
 * jose's fetch of the key set behind a back-off, each outcome told to the status. A failed
 * answer is thrown as a PlatformUnavailableError, which `translate` keeps.
 */
function guardedFetch(status: PlatformStatus | undefined, breaker: PlatformBreaker): FetchImplementation {
  return (url, init) =>
    breaker.execute(async () => {
      let response: Response;
      try {
        response = await fetch(url, init);
      } catch (error) {
        status?.failed({ isTransient: true, message: String((error as Error).message) });
        throw error;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        const failure = {
          status: response.status,
          message: `The platform answered ${response.status} to GET ${agentContract.jwks.path}.`,
        };
        status?.failed(failure);
        throw new PlatformUnavailableError('The platform key set cannot be fetched: try again shortly.', {
          cause: failure,
        });
      }
      status?.answered();
      return response;
    });
}

// jose errors are compared by code: its classes differ between its ESM and CJS builds.
function translate(error: unknown): Error {
  if ((error as { name?: unknown }).name === 'PlatformUnavailableError') return error as Error;
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_JWT_EXPIRED')
    return new TokenExpiredError('The token has expired: sign in again.', { cause: error });
  if (code === 'ERR_JWKS_TIMEOUT' || (code === undefined && (error as Error).name === 'TypeError')) {
    return new PlatformUnavailableError('The platform key set cannot be fetched: try again shortly.', { cause: error });
  }
  if (code === 'ERR_JOSE_GENERIC' && /fetch|response/i.test((error as Error).message)) {
    return new PlatformUnavailableError('The platform key set cannot be fetched: try again shortly.', { cause: error });
  }

  return new InvalidTokenError('The token is invalid: its signature or claims do not verify.', { cause: error });
}
