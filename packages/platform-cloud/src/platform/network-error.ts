import { PlatformUnreachableError } from '../cli/cli-errors';

/** Codes of a connection that could not be made or broke: the platform is down or not there. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * The error of a request that never got an answer, as "cannot reach the platform at <url>:
 * <why>"; undefined for any other error. fetch throws `TypeError('fetch failed')` whose cause
 * (or the cause's cause, through openid-client) says why.
 */
export function asUnreachable(platformUrl: string, error: unknown): PlatformUnreachableError | undefined {
  const reason = networkReason(error, 0);
  if (reason === undefined) return undefined;
  return new PlatformUnreachableError(`cannot reach the platform at ${platformUrl}: ${reason}`, { cause: error });
}

function networkReason(error: unknown, depth: number): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const { code, message, name, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (name === 'TimeoutError') return 'no answer in time';
  if (typeof code === 'string' && NETWORK_CODES.has(code)) {
    // localhost tries ::1 then 127.0.0.1: an AggregateError with an empty message holds both.
    const inner = Array.isArray(errors) ? errors.find((each) => typeof each?.message === 'string') : undefined;
    const text = typeof message === 'string' && message !== '' ? message : (inner?.message as string | undefined);
    return text || code;
  }
  const deeper = networkReason(cause, depth + 1);
  if (deeper !== undefined) return deeper;
  // Any other reason fetch got no answer (a TLS certificate refused, a port fetch forbids...).
  if (name === 'TypeError' && message === 'fetch failed') {
    const reason = (cause as { message?: unknown } | undefined)?.message;
    return typeof reason === 'string' && reason !== '' ? reason : 'fetch failed';
  }
  return undefined;
}
