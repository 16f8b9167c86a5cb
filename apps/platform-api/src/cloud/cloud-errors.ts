import type { CloudTokenErrorCode } from '@platform/platform-contract';
import { ConflictError, NotFoundError } from '../errors';

// The cloud feature's own refusals. The HTTP status and body are chosen at the edge: the OAuth
// routes' handler (cloud-oauth-routes.ts) and the JSON routes' handler (cloud-api-errors.ts).

/** A refusal of the OAuth routes, with its RFC 6749 §5.2 / RFC 8628 §3.5 `error` code. */
export class CloudOAuthError extends Error {
  override readonly name = 'CloudOAuthError';

  constructor(
    readonly code: CloudTokenErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** No environment has the environment secret the CLI sent. */
export class UnknownEnvironmentError extends NotFoundError {
  override readonly name = 'UnknownEnvironmentError';
}

/** The environment exists, but the platform does not host its agent (no `cloud enable`). */
export class NotACloudEnvironmentError extends ConflictError {
  override readonly name = 'NotACloudEnvironmentError';
}

/** The hosted agent has not stored an introspection yet (it has not started, or is re-reading). */
export class NotIntrospectedError extends ConflictError {
  override readonly name = 'NotIntrospectedError';
}

/** The uploaded bundle is larger than MAX_BUNDLE_BYTES. */
export class BundleTooLargeError extends Error {
  override readonly name = 'BundleTooLargeError';
}

/** Why the device page cannot show a user code: no such code, past its expiry, or already answered. */
export type DeviceCodeProblem = 'unknown' | 'expired' | 'answered';

/** The user code typed on (or linked to) the device page cannot be approved or denied. */
export class DeviceCodeUnavailableError extends Error {
  override readonly name = 'DeviceCodeUnavailableError';

  constructor(
    readonly problem: DeviceCodeProblem,
    message: string,
  ) {
    super(message);
  }
}
