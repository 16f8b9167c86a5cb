import { LoginFailedError, NotLoggedInError, PlatformRequestError } from '../cli/cli-errors';
import { asUnreachable } from '../platform/network-error';

interface PollState {
  /** The device code's lifetime ran out while polling. */
  readonly isExpired?: boolean;
  /** The user stopped the command. */
  readonly isCancelled?: boolean;
}

/**
 * The CLI's error for a failed OAuth request: RFC 6749 / 8628 error codes (openid-client's
 * `ResponseBodyError`), the platform being unreachable, or an answer openid-client could not use.
 */
export function toLoginError(platformUrl: string, error: unknown, poll: PollState = {}): Error {
  if (poll.isCancelled) return new LoginFailedError('login cancelled', { cause: error });
  if (poll.isExpired) {
    return new LoginFailedError('the code expired before it was approved: run platform-cloud login again', {
      cause: error,
    });
  }
  const oauthError = (error as { error?: unknown } | null)?.error;
  const description = (error as { error_description?: unknown } | null)?.error_description;
  if (typeof oauthError === 'string') {
    switch (oauthError) {
      case 'access_denied':
        return new LoginFailedError('the login was denied on the platform page', { cause: error });
      case 'expired_token':
        return new LoginFailedError('the code expired before it was approved: run platform-cloud login again', {
          cause: error,
        });
      case 'invalid_grant':
        return new NotLoggedInError('your login expired or was revoked: run platform-cloud login', { cause: error });
      default: {
        const status = (error as { status?: unknown }).status;
        const detail = typeof description === 'string' ? `: ${description}` : '';
        return new PlatformRequestError(
          `the platform at ${platformUrl} refused the login request (${oauthError})${detail}`,
          typeof status === 'number' ? status : 400,
          oauthError,
          { cause: error },
        );
      }
    }
  }
  const unreachable = asUnreachable(platformUrl, error);
  if (unreachable) return unreachable;
  // openid-client keeps the Response as the cause of an unexpected status or content type.
  const status = (error as { cause?: { status?: unknown } } | null)?.cause?.status;
  const httpStatus = typeof status === 'number' ? status : 0;
  const message = error instanceof Error ? error.message : String(error);
  return new PlatformRequestError(
    `the platform at ${platformUrl} answered the login request unexpectedly${httpStatus ? ` (HTTP ${httpStatus})` : ''}: ${message}`,
    httpStatus,
    undefined,
    { cause: error },
  );
}
