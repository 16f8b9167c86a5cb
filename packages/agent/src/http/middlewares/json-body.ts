import express, { type RequestHandler } from 'express';
import { limitBodyDepth } from './limit-body-depth';

/**
 * Parses a JSON body (`express.json({ limit })`), then refuses one nested too deep
 * (`limitBodyDepth`). A request that announces no body (neither `Content-Length` nor
 * `Transfer-Encoding`, the test the parser itself makes first) skips both: that is every read,
 * the most frequent requests by far, which would otherwise pass through two more middlewares
 * that have nothing to do.
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  const checkDepth = limitBodyDepth();

  return function readJsonBody(req, res, next) {
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
      next();
      return;
    }
    parse(req, res, (error?: unknown) => (error === undefined ? checkDepth(req, res, next) : next(error)));
  };
}
