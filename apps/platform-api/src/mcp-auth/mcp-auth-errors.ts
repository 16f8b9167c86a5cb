import type { McpTokenErrorCode } from '@platform/platform-contract';

// The MCP authorization's own refusals. Like src/errors.ts, they know nothing of HTTP: each route
// chooses the status and the body its protocol defines. Compare them by `name`.

/** The token route refuses the request; `code` is the RFC 6749 §5.2 error the agent relays. */
export class McpTokenError extends Error {
  override readonly name: string = 'McpTokenError';

  constructor(
    readonly code: McpTokenErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** No client with this id stands: it was never registered, or it was revoked. */
export class McpClientNotFoundError extends Error {
  override readonly name: string = 'McpClientNotFoundError';
}

export type ClientRegistrationErrorCode = 'invalid_redirect_uri' | 'invalid_client_metadata';

/** A registration the platform refuses (RFC 7591 §3.2.2). */
export class ClientRegistrationError extends Error {
  override readonly name: string = 'ClientRegistrationError';

  constructor(
    readonly code: ClientRegistrationErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Dynamic registration is turned off (`PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS=off`). */
export class RegistrationClosedError extends Error {
  override readonly name: string = 'RegistrationClosedError';
}

export type AuthorizationErrorCode = 'invalid_request' | 'invalid_scope' | 'invalid_target' | 'access_denied';

/**
 * An authorization request refused once its client and redirect URI are trusted: the browser goes
 * back to the client with `code` (RFC 6749 §4.1.2.1, RFC 8707 §2) and the state.
 */
export class AuthorizationRequestError extends Error {
  override readonly name: string = 'AuthorizationRequestError';

  constructor(
    readonly code: AuthorizationErrorCode,
    message: string,
  ) {
    super(message);
  }
}
