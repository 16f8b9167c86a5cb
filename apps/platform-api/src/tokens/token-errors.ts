import { AuthenticationError, type AuthenticationFailure } from '../errors';

/** The 401 texts of spec §7: one for a missing, malformed, unknown or revoked token, one for expiry. */
export const TOKEN_ERROR_MESSAGES = {
  invalid: 'Invalid or missing application token.',
  expired: 'The application token has expired.',
} as const;

/**
 * A token authentication failure. 'missing' and 'invalid' share one text on purpose: telling a
 * revoked token from a never-issued one would help nobody but someone holding a stolen value.
 */
export function tokenAuthenticationError(reason: AuthenticationFailure): AuthenticationError {
  return new AuthenticationError(
    reason === 'expired' ? TOKEN_ERROR_MESSAGES.expired : TOKEN_ERROR_MESSAGES.invalid,
    reason,
  );
}
