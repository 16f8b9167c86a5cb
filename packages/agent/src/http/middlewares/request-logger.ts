import type { Logger } from '@platform/datasource-toolkit';
import type { RequestHandler } from 'express';

/** Logs one line per request at Info when its response ends: `[200] GET /platform/books - 12ms`. */
export function requestLogger(logger: Logger): RequestHandler {
  return function logRequest(req, res, next) {
    const start = process.hrtime.bigint();
    // 'close' also fires when the client disconnects before the end, which we want logged too.
    res.once('close', () => {
      const ms = Number((process.hrtime.bigint() - start) / 1_000_000n);
      const url = req.originalUrl;
      const query = url.indexOf('?');
      logger('Info', `[${res.statusCode}] ${req.method} ${query === -1 ? url : url.slice(0, query)} - ${ms}ms`);
    });
    next();
  };
}
