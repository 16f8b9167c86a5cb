import type { ErrorRequestHandler } from 'express';
import type { AuthenticationFailure } from '../errors';

/**
 * The cloud JSON routes' own error bodies, `{ code, message }`: 401 `unauthorized` (with
 * `WWW-Authenticate`, RFC 6750 §3), 403 `forbidden`, 404 `unknown_environment`, 409
 * `not_a_cloud_environment` / `not_introspected`, 413 `bundle_too_large`. Everything else goes on
 * to the app's handler, whose 400/404/429/500 bodies already have that shape.
 */
export function cloudApiErrorHandler(): ErrorRequestHandler {
  return function handleCloudApiError(error: unknown, _req, res, next) {
    if (res.headersSent || !(error instanceof Error)) {
      next(error);
      return;
    }
    const known = statusAndCode(error);
    if (!known) {
      next(error);
      return;
    }
    if (known.status === 401)
      res.set('WWW-Authenticate', challengeOf((error as Error & { reason?: AuthenticationFailure }).reason));
    res.status(known.status).json({ code: known.code, message: error.message });
  };
}

function statusAndCode(error: Error): { readonly status: number; readonly code: string } | undefined {
  switch (error.name) {
    case 'AuthenticationError':
      return { status: 401, code: 'unauthorized' };
    case 'ForbiddenError':
      return { status: 403, code: 'forbidden' };
    case 'UnknownEnvironmentError':
      return { status: 404, code: 'unknown_environment' };
    case 'NotACloudEnvironmentError':
      return { status: 409, code: 'not_a_cloud_environment' };
    case 'NotIntrospectedError':
      return { status: 409, code: 'not_introspected' };
    case 'BundleTooLargeError':
      return { status: 413, code: 'bundle_too_large' };
    default:
      return undefined;
  }
}

/** RFC 6750 §3.1: no error code when no token was sent, `invalid_token` for a bad or expired one. */
function challengeOf(reason: AuthenticationFailure | undefined): string {
  if (reason === 'missing') return 'Bearer realm="platform-cloud"';
  const description = reason === 'expired' ? 'The access token expired' : 'The access token is not valid';
  return `Bearer realm="platform-cloud", error="invalid_token", error_description="${description}"`;
}
