/** What went wrong with a call to an AI provider; `statusOfAiError` turns it into an HTTP status. */
export type AiProviderErrorKind =
  | 'bad_request'
  | 'authentication'
  | 'permission_denied'
  | 'model_not_found'
  | 'rate_limited'
  | 'provider_failed'
  | 'provider_unavailable'
  | 'timeout'
  | 'aborted';

export interface AiProviderErrorOptions {
  /** The `name` given to `createAiProvider`. */
  readonly providerName: string;
  /** A summary of the SDK error with the API key redacted; never the SDK error itself. */
  readonly cause?: Error;
}

/**
 * A failed call to an AI provider. It never holds the API key: provider messages are redacted and
 * the SDK error is replaced by a redacted summary (`cause`), since SDK errors hold request details.
 */
export class AiProviderError extends Error {
  readonly kind: AiProviderErrorKind;
  readonly providerName: string;

  constructor(kind: AiProviderErrorKind, message: string, options: AiProviderErrorOptions) {
    super(message, options.cause ? { cause: options.cause } : undefined);
    this.name = 'AiProviderError';
    this.kind = kind;
    this.providerName = options.providerName;
  }
}

/** The provider refused the request as malformed (its message is kept, redacted). */
export class AiBadRequestError extends AiProviderError {
  constructor(message: string, options: AiProviderErrorOptions) {
    super('bad_request', message, options);
    this.name = 'AiBadRequestError';
  }
}

/** The provider rejected the API key. */
export class AiAuthenticationError extends AiProviderError {
  constructor(message: string, options: AiProviderErrorOptions) {
    super('authentication', message, options);
    this.name = 'AiAuthenticationError';
  }
}

/** The key is valid but may not use this model or feature. */
export class AiPermissionDeniedError extends AiProviderError {
  constructor(message: string, options: AiProviderErrorOptions) {
    super('permission_denied', message, options);
    this.name = 'AiPermissionDeniedError';
  }
}

/** The provider does not know the model (or the endpoint). */
export class AiModelNotFoundError extends AiProviderError {
  constructor(message: string, options: AiProviderErrorOptions) {
    super('model_not_found', message, options);
    this.name = 'AiModelNotFoundError';
  }
}

/** The provider's rate limit was hit; `retryAfter` is in seconds when the provider said. */
export class AiRateLimitError extends AiProviderError {
  readonly retryAfter: number | undefined;

  constructor(message: string, options: AiProviderErrorOptions & { readonly retryAfter?: number }) {
    super('rate_limited', message, options);
    this.name = 'AiRateLimitError';
    this.retryAfter = options.retryAfter;
  }
}

/** The provider answered with a server error. */
export class AiProviderFailedError extends AiProviderError {
  constructor(message: string, options: AiProviderErrorOptions) {
    super('provider_failed', message, options);
    this.name = 'AiProviderFailedError';
  }
}

/** The provider is overloaded, down or unreachable. */
export class AiProviderUnavailableError extends AiProviderError {
  constructor(message: string, options: AiProviderErrorOptions) {
    super('provider_unavailable', message, options);
    this.name = 'AiProviderUnavailableError';
  }
}

/** The provider did not answer within `timeoutMs`. */
export class AiTimeoutError extends AiProviderError {
  constructor(message: string, options: AiProviderErrorOptions) {
    super('timeout', message, options);
    this.name = 'AiTimeoutError';
  }
}

/** The caller's `signal` aborted the call. */
export class AiRequestAbortedError extends AiProviderError {
  constructor(message: string, options: AiProviderErrorOptions) {
    super('aborted', message, options);
    this.name = 'AiRequestAbortedError';
  }
}
