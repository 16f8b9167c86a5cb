import { isErrorOfKind, type Logger, type ValidationIssue } from '@platform/datasource-toolkit';
import type { ErrorRequestHandler, Response } from 'express';

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
  ['ValidationError', 400],
];

/**
 * The one place where errors become HTTP statuses. Business errors (compared by kind, never with
 * `instanceof`) keep their message; body-parser errors become 400 or 413; anything else is a
 * logged 500 whose detail hides the original message.
 */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return function handleError(error: unknown, req, res, _next) {
    const item = toHttpError(error);
    if (item.status >= 500 && item.status !== 503) {
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
    sendErrors(res, [item]);
  };
}

/** Sends `{ errors }` with the status of the first error. */
export function sendErrors(res: Response, errors: readonly HttpErrorItem[]): void {
  res.status(errors[0]?.status ?? 500).json({ errors });
}

/** The status, name and detail an error is answered with. */
export function toHttpError(error: unknown): HttpErrorItem {
  const bodyParserError = fromBodyParser(error);
  if (bodyParserError) return bodyParserError;

  for (const [kind, status] of STATUS_BY_KIND) {
    if (isErrorOfKind(error, kind)) {
      const { name, message } = error as Error;
      if (kind === 'ValidationError') return { name, detail: message, status, issues: issuesOf(error) };

      return { name, detail: message, status };
    }
  }

  return { name: 'InternalServerError', detail: 'Unexpected error', status: 500 };
}

// body-parser (express.json) marks its errors with a `type` and an exposable status.
function fromBodyParser(error: unknown): HttpErrorItem | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, expose, message } = error as { type?: unknown; expose?: unknown; message?: unknown };
  if (typeof type !== 'string' || expose !== true) return undefined;
  if (type === 'entity.too.large') {
    return { name: 'PayloadTooLargeError', detail: `${String(message)}: the body limit is exceeded.`, status: 413 };
  }

  return { name: 'ValidationError', detail: `Invalid request body: ${String(message)}.`, status: 400, issues: [] };
}

// Read by shape, not by class: the error may come from another installed copy of the toolkit.
function issuesOf(error: unknown): readonly ValidationIssue[] {
  const issues = (error as { issues?: unknown }).issues;
  return Array.isArray(issues) ? (issues as ValidationIssue[]) : [];
}

function wwwAuthenticate(error: unknown): string {
  if (isErrorOfKind(error, 'MissingTokenError')) return 'Bearer';

  return 'Bearer error="invalid_token"';
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
