import { statusOfAiError } from '@platform/ai-proxy';
import type { Logger } from '@platform/datasource-toolkit';
import type { ErrorRequestHandler } from 'express';
import { sendErrors } from '../http/error-handler';

/**
 * Answers the errors of an AI provider (`AiProviderError`, recognized by its `kind`, as
 * `statusOfAiError` does) with their status and `{ errors: [{ name, detail, status }] }`, and a
 * 429's `Retry-After`. Their messages never hold the API key (the ai-proxy redacts them). Other
 * errors, and a provider's misconfiguration (500), go on to the agent's error handler.
 */
export function createAiErrorHandler(logger: Logger): ErrorRequestHandler {
  return function handleAiError(error: unknown, req, res, next) {
    const status = statusOfAiError(error);
    if (status === 500 || !(error instanceof Error)) {
      next(error);
      return;
    }
    const where = `${req.method} ${req.originalUrl.split('?')[0]}`;
    logger(status >= 500 ? 'Warn' : 'Debug', `${error.name} on ${where}: ${error.message}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
    if (status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
    sendErrors(res, [{ name: error.name, detail: error.message, status }]);
  };
}
