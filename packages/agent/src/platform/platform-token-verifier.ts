import type { Caller } from '@platform/datasource-toolkit';
import {
  agentContract,
  PLATFORM_TOKEN_ISSUER,
  PLATFORM_TOKEN_MAX_LIFETIME_SECONDS,
  platformTokenAudience,
  platformTokenClaimsSchema,
  SECRET_HEADER,
} from '@platform/platform-contract';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { InvalidTokenError, TokenExpiredError } from '../http/auth/authentication-errors';
import { callerFromClaims } from '../http/auth/caller-claims';
import type { TokenVerifier } from '../http/auth/token-verifier';
import { PlatformUnavailableError } from './platform-errors';

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
}

/**
 * Verifies the user tokens the platform mints for workflow runs and MCP sessions: EdDSA or
 * ES256 against the platform's key set (fetched with the environment secret, cached, fetched
 * again on an unknown key id so that a new key works at once), issuer `platform`, audience this
 * environment, a lifetime of at most 15 minutes, and the caller claims.
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

// jose errors are compared by code: its classes differ between its ESM and CJS builds.
function translate(error: unknown): Error {
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
