import { invalidRequestBody, type RequestIssue } from '@platform/platform-contract';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { z } from 'zod';

/** One problem of a refused body, as platform-api words it: `body.<field path>` and zod's message. */
export type SandboxValidationIssue = RequestIssue;

/** Sends platform-api's error body `{ code, message }` (plus `issues` for `invalid_request`). */
export function sendError(
  res: Response,
  status: number,
  code: string,
  message: string,
  issues?: readonly SandboxValidationIssue[],
): void {
  res.status(status).json(issues === undefined ? { code, message } : { code, message, issues });
}

/** A body the contract schema refused: 400 `invalid_request`, as platform-api answers it. */
export function sendValidationError(res: Response, error: z.ZodError): void {
  res.status(400).json(invalidRequestBody(error, 'body'));
}

/** Any request no route matched. */
export function notFound(): RequestHandler {
  return (req, res) => sendError(res, 404, 'not_found', `No route for ${req.method} ${req.path}`);
}

/**
 * express.json()'s errors answered as platform-api's error handler does: each carries a `type`
 * (see the body-parser README), except those of the decompression stream, which only carry a
 * client-error status and `expose: true`. Anything else is a bare 500.
 */
export function errorHandler(): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    const { type, status, expose, message } = (error ?? {}) as Record<string, unknown>;
    const isClientError = typeof status === 'number' && status >= 400 && status < 500;
    if (type === 'entity.parse.failed') {
      return sendError(res, 400, 'invalid_json', 'The request body is not valid JSON');
    }
    if (type === 'entity.too.large') {
      return sendError(res, 413, 'payload_too_large', 'The request body is too large');
    }
    if (type === 'encoding.unsupported') {
      const detail = `The request body's Content-Encoding is not supported (${String(message)}); send it as identity, gzip, deflate or br.`;
      return sendError(res, 415, 'unsupported_media_type', detail);
    }
    if (isClientError && typeof type === 'string') return sendError(res, status, 'invalid_request', String(message));
    if (isClientError && expose === true) {
      const detail = `The request body could not be read (${String(message)}): is it compressed as its Content-Encoding says?`;
      return sendError(res, status, 'invalid_request', detail);
    }
    sendError(res, 500, 'internal_error', 'Unexpected error');
  };
}
