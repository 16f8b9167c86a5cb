import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import pino, { type Level, type Logger } from 'pino';
import { assignRequestId } from './request-id';

declare module 'http' {
  interface IncomingMessage {
    /** This request's id (`X-Request-Id`), set by `requestLogger`. */
    id: string;
    /** A logger bound to this request (its serialized `req`), set by `requestLogger`. */
    log: Logger;
  }
}

export interface RequestLoggerOptions {
  /** Requests whose completion is not logged (health probes). Their `req.log` still works. */
  readonly ignore?: (request: IncomingMessage) => boolean;
}

/**
 * Per-request logging on pino, in the shape pino-http writes: every request gets an id
 * (`assignRequestId`, echoed as `X-Request-Id`) and `req.log`, a child logger bound to the
 * serialized request; when the response is done, one line `request completed` (`request errored`
 * for a 5xx, `request aborted` when the client went away first) with `req`, `res` and
 * `responseTime` in ms, at `info`, `warn` for a 4xx, `error` for a 5xx. Credentials are redacted
 * by the base logger (src/logger.ts).
 *
 * Replaces pino-http, which builds each request's child logger on arrival, serializing and
 * redacting the request before any route runs, even when no line is ever written: a cost on every
 * public API request. Here the child is built when something first logs, and the completion line
 * is written after the response, only when its level is enabled.
 */
export function requestLogger(logger: Logger, options: RequestLoggerOptions = {}): RequestHandler {
  const base = logger.child(
    {},
    { serializers: { req: pino.stdSerializers.req, res: pino.stdSerializers.res, err: pino.stdSerializers.err } },
  );
  return function logRequest(req, res, next) {
    const startedAt = Date.now();
    req.id = assignRequestId(req, res);
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => {
        child ??= base.child({ req });
        return child;
      },
    });
    if (!options.ignore?.(req)) {
      // 'finish': the whole response was handed to the socket; 'close' before it: the client left.
      const logCompletion = (finished: boolean) => {
        res.off('finish', onFinish);
        res.off('close', onClose);
        const { level, message } = completionOf(res.statusCode, finished);
        if (base.isLevelEnabled(level)) req.log[level]({ res, responseTime: Date.now() - startedAt }, message);
      };
      const onFinish = () => logCompletion(true);
      const onClose = () => logCompletion(false);
      res.on('finish', onFinish);
      res.on('close', onClose);
    }
    next();
  };
}

function completionOf(statusCode: number, finished: boolean): { readonly level: Level; readonly message: string } {
  if (!finished) return { level: 'warn', message: 'request aborted' };
  if (statusCode >= 500) return { level: 'error', message: 'request errored' };
  return { level: statusCode >= 400 ? 'warn' : 'info', message: 'request completed' };
}
