import type { AiProviderErrorKind } from './ai-provider-error';

const STATUS_BY_KIND: Readonly<Record<AiProviderErrorKind, number>> = {
  bad_request: 400,
  authentication: 401,
  permission_denied: 403,
  model_not_found: 404,
  rate_limited: 429,
  provider_failed: 502,
  provider_unavailable: 503,
  timeout: 504,
  // The nginx convention for "client closed request": nobody is left to read it.
  aborted: 499,
};

/**
 * The HTTP status an edge should answer for an error thrown by an `AiProvider`: 400, 401, 403, 404,
 * 429 (send `Retry-After: error.retryAfter` when set), 502, 503, 504, or 500 for anything else
 * (including `AiProviderConfigError`, a server misconfiguration). Errors are recognized by `kind`
 * rather than `instanceof`, so two installed copies of this package still agree.
 */
export function statusOfAiError(error: unknown): number {
  if (!(error instanceof Error) || !('kind' in error) || typeof error.kind !== 'string') return 500;
  return Object.hasOwn(STATUS_BY_KIND, error.kind) ? STATUS_BY_KIND[error.kind as AiProviderErrorKind] : 500;
}
