import {
  AiAuthenticationError,
  AiBadRequestError,
  AiModelNotFoundError,
  AiPermissionDeniedError,
  type AiProviderError,
  type AiProviderErrorOptions,
  AiProviderFailedError,
  AiProviderUnavailableError,
  AiRateLimitError,
  AiRequestAbortedError,
  AiTimeoutError,
} from './ai-provider-error';
import { redactSecret } from './redact-secret';

/** The error classes both official SDKs export (they are generated from the same template). */
export interface SdkErrorClasses {
  /** The root of the SDK's errors (`OpenAIError`, `AnthropicError`). */
  readonly BaseError: abstract new (
    ...args: never[]
  ) => Error;
  readonly APIError: abstract new (...args: never[]) => Error & { readonly status: number | undefined };
  readonly APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  readonly APIUserAbortError: abstract new (...args: never[]) => Error;
}

export interface ErrorContext {
  readonly providerName: string;
  readonly apiKey: string;
  readonly sdk: SdkErrorClasses;
}

/**
 * Translates what an SDK call threw into an `AiProviderError`. The SDK error is not kept as
 * `cause`: it holds the response and may hold request details, so a redacted summary replaces it.
 * What is not an SDK error (a bug) is thrown again as it is, to become a 500.
 */
export function toAiProviderError(thrown: unknown, context: ErrorContext): AiProviderError {
  const { providerName, apiKey, sdk } = context;
  const original = thrown instanceof Error ? thrown : new Error(String(thrown));
  const providerMessage = redactSecret(messageOf(thrown) ?? original.message, apiKey);
  const cause = new Error(redactSecret(original.message, apiKey));
  cause.name = original.name;
  const options: AiProviderErrorOptions = { providerName, cause };
  const from = `AI provider '${providerName}'`;

  if (thrown instanceof sdk.APIUserAbortError)
    return new AiRequestAbortedError(`${from}: the request was aborted.`, options);
  if (thrown instanceof sdk.APIConnectionTimeoutError)
    return new AiTimeoutError(`${from} did not answer in time; try again or raise timeoutMs.`, options);
  if (!(thrown instanceof sdk.BaseError)) throw thrown;
  if (!(thrown instanceof sdk.APIError))
    // The SDK refused to send the request, e.g. Anthropic's "streaming is required" for a large
    // max_tokens without a timeout.
    return new AiBadRequestError(`${from} refused the request before sending it: ${providerMessage}`, options);
  const status = thrown.status ?? statusOfStreamError(thrown);
  if (status === undefined)
    return new AiProviderUnavailableError(`${from} could not be reached; check baseUrl and the network.`, options);

  if (status === 401)
    // The provider's text often quotes part of the key, so it is not repeated here.
    return new AiAuthenticationError(`${from} rejected the API key; check the key configured for it.`, options);
  if (status === 403) return new AiPermissionDeniedError(`${from} denied access: ${providerMessage}`, options);
  if (status === 404)
    return new AiModelNotFoundError(`${from} does not know this model or endpoint: ${providerMessage}`, options);
  if (status === 429) {
    const retryAfter = retryAfterSeconds(headersOf(thrown));
    return new AiRateLimitError(`${from} is rate limiting requests: ${providerMessage}`, {
      ...options,
      ...(retryAfter === undefined ? {} : { retryAfter }),
    });
  }
  if (status === 503 || status === 529)
    return new AiProviderUnavailableError(`${from} is unavailable: ${providerMessage}`, options);
  if (status === 408 || status === 504) return new AiTimeoutError(`${from} timed out: ${providerMessage}`, options);
  if (status >= 500) return new AiProviderFailedError(`${from} failed: ${providerMessage}`, options);
  return new AiBadRequestError(`${from} refused the request: ${providerMessage}`, options);
}

/** The provider's own message (`error.message` of its JSON body), without the SDK's status prefix. */
function messageOf(thrown: unknown): string | undefined {
  if (typeof thrown !== 'object' || thrown === null || !('error' in thrown)) return undefined;
  const body: unknown = thrown.error;
  if (typeof body !== 'object' || body === null) return undefined;
  // OpenAI's SDK keeps `body.error`; Anthropic's keeps the whole body (`{ type, error: { message } }`).
  const inner: unknown = 'error' in body && typeof body.error === 'object' && body.error !== null ? body.error : body;
  return typeof inner === 'object' && inner !== null && 'message' in inner && typeof inner.message === 'string'
    ? inner.message
    : undefined;
}

function headersOf(thrown: unknown): Headers | undefined {
  if (typeof thrown !== 'object' || thrown === null || !('headers' in thrown)) return undefined;
  return thrown.headers instanceof Headers ? thrown.headers : undefined;
}

/** `Retry-After` in seconds: either a number of seconds or an HTTP date. */
function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

// Anthropic reports an error in the middle of a stream as an `error` event: the SDK throws it
// without a status, with the error `type` of its body.
const STATUS_OF_ANTHROPIC_ERROR_TYPE: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
  timeout_error: 504,
};

function statusOfStreamError(thrown: Error): number | undefined {
  const type = 'type' in thrown && typeof thrown.type === 'string' ? thrown.type : undefined;
  return type !== undefined && Object.hasOwn(STATUS_OF_ANTHROPIC_ERROR_TYPE, type)
    ? STATUS_OF_ANTHROPIC_ERROR_TYPE[type]
    : undefined;
}
