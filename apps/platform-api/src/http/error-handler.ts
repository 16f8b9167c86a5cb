import { isNativeError } from 'node:util/types';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isDatabaseConnectionError } from '../db/connection-errors';
import { createOutageLog } from '../db/outage-log';
import { NotFoundError, type ValidationIssue } from '../errors';

/** The JSON body of an error response; see the README's "Error codes". */
export type ErrorBody =
  | { readonly error: 'Unauthorized' | 'Forbidden'; readonly message: string }
  | { readonly code: ErrorCode; readonly message: string; readonly issues?: readonly ValidationIssue[] };

export type ErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'request_header_fields_too_large'
  | 'request_timeout'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal_error';

interface HttpError {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The one place where errors become HTTP responses. Errors are matched by `name` (see
 * src/errors.ts); anything unknown is logged and answered with a bare 500 that never leaks a stack.
 */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  // During an outage every request fails the same way: one line when it starts, then one per 30 s.
  const databaseOutage = createOutageLog(logger, { message: 'the database is unreachable: answering 503' });

  return function handleError(error: unknown, request, response, next) {
    if (response.headersSent) {
      // Too late for a clean answer: Express's default handler destroys the socket.
      next(error);
      return;
    }
    const known = toHttpError(error);
    if (!known) {
      (request.log ?? logger).error({ err: error }, 'unexpected error while handling the request');
    } else if (known.status === 503) {
      databaseOutage.failed(error);
    }
    const { status, body, headers } = known ?? {
      status: 500,
      body: { code: 'internal_error', message: 'Unexpected error' },
    };
    response
      .status(status)
      .set(headers ?? {})
      .json(body);
  };
}

/** Hands every request that no route matched to the error handler as a NotFoundError. */
export function notFoundHandler(): RequestHandler {
  return function handleNotFound(request, _response, next) {
    next(new NotFoundError(`No route for ${request.method} ${request.path}`));
  };
}

function toHttpError(error: unknown): HttpError | undefined {
  // Not `instanceof Error`: the errors of Node's own sockets (a refused connection to the
  // database) come from another realm under jest's module sandbox.
  if (!isNativeError(error)) return undefined;
  const { message } = error;
  switch (error.name) {
    case 'AuthenticationError':
      return { status: 401, body: { error: 'Unauthorized', message } };
    case 'ForbiddenError':
      return { status: 403, body: { error: 'Forbidden', message } };
    case 'ValidationError':
      return { status: 400, body: { code: 'invalid_request', message, issues: issuesOf(error) } };
    case 'NotFoundError':
      return { status: 404, body: { code: 'not_found', message } };
    case 'ConflictError':
      return { status: 409, body: { code: 'conflict', message } };
    case 'RateLimitError':
      return {
        status: 429,
        body: { code: 'rate_limited', message },
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(numberField(error, 'retryAfterSeconds') ?? 1))) },
      };
    case 'URIError':
      // The router could not percent-decode a path segment (`%E0`; it sets status 400): the
      // client's URL is malformed. Any other URIError is ours, hence a 500.
      if (numberField(error, 'status') !== 400) return undefined;
      return {
        status: 400,
        body: { code: 'invalid_request', message: 'The request path is not valid percent-encoded UTF-8.' },
      };
    default:
      return bodyParserError(error) ?? nulCharacterRefusal(error) ?? databaseUnavailable(error);
  }
}

/** How long a client is told to wait after a 503: a dropped connection is usually back at once. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The database dropped the connection or cannot be reached (src/db/connection-errors.ts): the
 * request may be retried, so 503 with `Retry-After` rather than a 500 carrying the driver's words.
 */
function databaseUnavailable(error: Error): HttpError | undefined {
  if (!isDatabaseConnectionError(error)) return undefined;
  const message = `The database is unreachable for the moment; retry in ${DATABASE_RETRY_AFTER_SECONDS} s.`;
  return {
    status: 503,
    body: { code: 'service_unavailable', message },
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  };
}

/**
 * PostgreSQL refuses text holding U+0000 (SQLSTATE 22021, the only way a JavaScript string can be
 * invalid UTF-8 there), straight from `pg` (the pooled statements of src/db/driver-shortcuts.ts) or wrapped by
 * Prisma's driver adapter. Inputs are refused earlier where they are read (`withoutNul`,
 * src/http/text-rules.ts); this answers the others with 400 instead of a 500.
 */
function nulCharacterRefusal(error: Error): HttpError | undefined {
  const wrapped = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } }).meta
    ?.driverAdapterError?.cause?.originalCode;
  if ((error as { code?: unknown }).code !== '22021' && wrapped !== '22021') return undefined;
  const message = 'A text value holds the NUL character (U+0000), which cannot be stored or compared.';
  return { status: 400, body: { code: 'invalid_request', message } };
}

/**
 * Errors raised by express.json() carry a `type` (see the body-parser README), except those of the
 * decompression stream (a body sent as `Content-Encoding: gzip`, `deflate` or `br` that is not):
 * those only carry the client-error status and `expose: true` that body-parser gives them, which
 * are honoured here too.
 */
function bodyParserError(error: Error): HttpError | undefined {
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.parse.failed') {
    return { status: 400, body: { code: 'invalid_json', message: 'The request body is not valid JSON' } };
  }
  if (type === 'entity.too.large') {
    return { status: 413, body: { code: 'payload_too_large', message: 'The request body is too large' } };
  }
  if (type === 'encoding.unsupported') {
    const message = `The request body's Content-Encoding is not supported (${error.message}); send it as identity, gzip, deflate or br.`;
    return { status: 415, body: { code: 'unsupported_media_type', message } };
  }
  const status = numberField(error, 'status');
  const isClientError = status !== undefined && status >= 400 && status < 500;
  if (isClientError && typeof type === 'string') {
    return { status, body: { code: 'invalid_request', message: error.message } };
  }
  if (isClientError && (error as { expose?: unknown }).expose === true) {
    const message = `The request body could not be read (${error.message}): is it compressed as its Content-Encoding says?`;
    return { status, body: { code: 'invalid_request', message } };
  }
  return undefined;
}

function issuesOf(error: Error): readonly ValidationIssue[] {
  const issues = (error as { issues?: unknown }).issues;
  return Array.isArray(issues) ? (issues as ValidationIssue[]) : [];
}

function numberField(error: Error, field: string): number | undefined {
  const value = (error as unknown as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
