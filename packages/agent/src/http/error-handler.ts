import { STATUS_CODES } from 'node:http';
import { isErrorOfKind, type Logger, type ValidationIssue } from '@platform/datasource-toolkit';
import type { ErrorRequestHandler, Response } from 'express';
import { sendJson } from './send-json';

/** One error of a response body `{ errors: [...] }`. */
export interface HttpErrorItem {
  readonly name: string;
  readonly detail: string;
  readonly status: number;
  /** The bad fields of a 400, as platform-api writes them: `[{ path, message }]`. */
  readonly issues?: readonly ValidationIssue[];
}

// Most specific kinds first: every kind below extends BusinessError, and a subclass must win
// over its parent (MissingFieldError is a ValidationError).
const STATUS_BY_KIND: ReadonlyArray<readonly [kind: string, status: number]> = [
  ['AuthenticationError', 401],
  ['ForbiddenError', 403],
  ['NotFoundError', 404],
  ['ConflictError', 409],
  ['UnprocessableError', 422],
  ['TooManyRequestsError', 429],
  ['PlatformUnavailableError', 503],
  // A data source whose database is down or cut the connection (DatabaseUnavailableError...).
  ['UnavailableError', 503],
  // Not a 503: retrying will not help until an operator fixes the secret (README "The platform").
  ['PlatformSecretRefusedError', 500],
  ['ValidationError', 400],
];

/** Seconds a 503 tells the client to wait when the error does not say (`details.retryAfterSeconds`). */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

/**
 * The one place where errors become HTTP statuses. Business errors (compared by kind, never with
 * `instanceof`) keep their message; errors of the HTTP layer (body parser, router) keep their
 * 4xx status (400, 413, 415...); anything else is a logged 500 whose detail hides the original message.
 * A 503 carries `Retry-After`. The platform errors are logged by the platform client when its
 * state changes, never here once per request.
 */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return function handleError(error: unknown, req, res, _next) {
    const item = toHttpError(error);
    if (item.name === 'InternalServerError') {
      logger('Error', `Unexpected error on ${req.method} ${req.originalUrl.split('?')[0]}`, asError(error));
    } else {
      logger('Debug', `${item.name} on ${req.method} ${req.originalUrl.split('?')[0]}: ${item.detail}`);
    }

    // A streamed response (CSV, file) already sent its status: cut it so the client sees a failure.
    if (res.headersSent) {
      res.destroy();
      return;
    }

    if (item.status === 401) res.setHeader('WWW-Authenticate', wwwAuthenticate(error));
    if (item.status === 503) res.setHeader('Retry-After', String(retryAfterSeconds(error)));
    sendErrors(res, [item]);
  };
}

/** Sends `{ errors }` with the status of the first error. */
export function sendErrors(res: Response, errors: readonly HttpErrorItem[]): void {
  sendJson(res, errors[0]?.status ?? 500, { errors });
}

/** The status, name and detail an error is answered with. */
export function toHttpError(error: unknown): HttpErrorItem {
  const httpLayerError = fromHttpLayer(error);
  if (httpLayerError) return httpLayerError;

  for (const [kind, status] of STATUS_BY_KIND) {
    if (isErrorOfKind(error, kind)) {
      const { name, message } = error as Error;
      if (kind === 'ValidationError') return { name, detail: message, status, issues: issuesOf(error) };

      return { name, detail: message, status };
    }
  }

  return { name: 'InternalServerError', detail: 'Unexpected error', status: 500 };
}

// Errors of the HTTP layer carry their status: body-parser's (an exposable `status`, and a `type`
// such as 'entity.too.large' or 'encoding.unsupported'), zlib's inflating a body that is not what
// its Content-Encoding says (wrapped by body-parser with status 400), and the router's URIError for
// a path segment that is not valid percent-encoding (`status` 400). Only 4xx are honoured: a 5xx
// from below stays a logged, generic 500.
function fromHttpLayer(error: unknown): HttpErrorItem | undefined {
  if (typeof error !== 'object' || error === null || isErrorOfKind(error, 'BusinessError')) return undefined;
  const { status, statusCode, type, expose, message } = error as {
    status?: unknown;
    statusCode?: unknown;
    type?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code !== 'number' || code < 400 || code > 499) return undefined;
  // Only errors that say they may be shown: an error of user code that happens to carry a
  // `status` (an HTTP client's, say) stays a 500 like any other unknown error.
  if (expose !== true && !(error instanceof URIError)) return undefined;
  const text = String(message);
  if (code === 413 || type === 'entity.too.large') {
    return { name: 'PayloadTooLargeError', detail: `${text}: the body limit is exceeded.`, status: 413 };
  }
  if (code === 415) {
    return {
      name: 'UnsupportedMediaTypeError',
      detail: `${text}: send the body as identity, gzip, deflate or br.`,
      status: 415,
    };
  }
  if (code === 400) {
    const what = error instanceof URIError ? 'Invalid request path' : 'Invalid request body';
    return { name: 'ValidationError', detail: `${what}: ${text}.`, status: 400, issues: [] };
  }

  return { name: httpErrorName(code), detail: text, status: code };
}

// 'Unsupported Media Type' -> 'UnsupportedMediaTypeError'.
function httpErrorName(code: number): string {
  const words = (STATUS_CODES[code] ?? 'Client Error').split(/[^A-Za-z]+/);
  return `${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join('')}Error`;
}

// Read by shape, not by class: the error may come from another installed copy of the toolkit.
function issuesOf(error: unknown): readonly ValidationIssue[] {
  const issues = (error as { issues?: unknown }).issues;
  return Array.isArray(issues) ? (issues as ValidationIssue[]) : [];
}

/** The error's `details.retryAfterSeconds` when it is a positive number, else the default. */
export function retryAfterSeconds(error: unknown): number {
  const value = (error as { details?: { retryAfterSeconds?: unknown } } | null)?.details?.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : DEFAULT_RETRY_AFTER_SECONDS;
}

function wwwAuthenticate(error: unknown): string {
  if (isErrorOfKind(error, 'MissingTokenError')) return 'Bearer';

  return 'Bearer error="invalid_token"';
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
