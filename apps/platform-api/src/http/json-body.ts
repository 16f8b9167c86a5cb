import express, { type RequestHandler } from 'express';

/** Largest JSON body accepted; bigger ones get 413 `payload_too_large`. */
export const JSON_BODY_LIMIT = '1mb';

/**
 * Parses `application/json` bodies into `req.body`. Mounted by the app for its own routes and by
 * the public API after its rate limiter, so that a malformed or oversized body sent to `/v1` is
 * counted and answered with the `X-RateLimit-*` headers like any other request.
 */
export function jsonBody(): RequestHandler {
  return express.json({ limit: JSON_BODY_LIMIT });
}
