import type { Request } from 'express';
import { readBearerToken } from './bearer-token';
import { hashToken, parseToken } from './token-format';

const hashes = new WeakMap<Request, string | null>();

/**
 * The SHA-256 (hex, as stored) of the request's Bearer value when it is a well-formed application
 * token (shape and checksum, docs/tokens.md), undefined otherwise. Needs no database: the rate
 * limiter keys on it before any statement runs. Whether such a token exists, is live and may do anything is decided later, by
 * `authenticateRequest` and `authorize`. Computed once per request.
 */
export function wellFormedBearerHash(req: Request): string | undefined {
  let hash = hashes.get(req);
  if (hash === undefined) {
    hash = null;
    try {
      const parsed = parseToken(readBearerToken(req.headers.authorization));
      if (parsed.isValid) hash = hashToken(parsed.value);
    } catch {
      // Missing or not a Bearer header: no token to key on.
    }
    hashes.set(req, hash);
  }
  return hash ?? undefined;
}
