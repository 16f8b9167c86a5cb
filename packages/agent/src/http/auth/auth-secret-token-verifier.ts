import type { Caller } from '@platform/datasource-toolkit';
import { jwtVerify } from 'jose';
import { InvalidTokenError, TokenExpiredError } from './authentication-errors';
import { callerFromClaims } from './caller-claims';
import type { TokenVerifier } from './token-verifier';

/** Verifies the user tokens the agent signs itself: HS256 with the `authSecret`. */
export function createAuthSecretTokenVerifier(authSecret: string): TokenVerifier {
  const key = new TextEncoder().encode(authSecret);

  return {
    canVerify: (header) => header.alg === 'HS256',
    async verify(token: string): Promise<Caller> {
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (error) {
        // jose errors are compared by code: its classes differ between its ESM and CJS builds.
        if ((error as { code?: unknown }).code === 'ERR_JWT_EXPIRED') {
          throw new TokenExpiredError('The token has expired: sign in again.', { cause: error });
        }
        throw new InvalidTokenError('The token is invalid: its signature or claims do not verify.', { cause: error });
      }

      return callerFromClaims(payload);
    },
  };
}
