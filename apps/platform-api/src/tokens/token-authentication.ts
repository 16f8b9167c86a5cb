import type { RequestHandler, Response } from 'express';
import { isErrorNamed } from '../errors';
import { readBearerToken } from './bearer-token';
import type { AuthenticatedToken } from './token-authenticator';
import type { TokensService } from './tokens-service';

/**
 * The outcome of authenticating the request's Bearer token, before any authorization: a plain
 * value, so that a statement reading the token with other data can produce it as well.
 */
export type Authentication =
  | { readonly isAuthenticated: true; readonly token: AuthenticatedToken }
  | { readonly isAuthenticated: false; readonly failure: unknown };

const LOCALS_KEY = 'tokenAuthentication';

/**
 * Authenticates the Bearer token once per request and keeps the outcome (`getAuthentication`),
 * refusing nothing yet: the rate limiter keys on it, and `requireToken` (or a route's own access
 * check, through `authenticatedToken`) answers 401/403 from it. Nothing happens when the outcome is
 * already kept (a route that authenticated in its own statement). Only infrastructure failures
 * (database down) stop the request here.
 */
export function authenticateRequest(tokens: TokensService): RequestHandler {
  return async function authenticateTokenOnce(req, res, next) {
    if (getAuthentication(res) !== undefined) {
      next();
      return;
    }
    try {
      storeAuthentication(
        res,
        await authenticationOf(() => tokens.authenticate(readBearerToken(req.headers.authorization))),
      );
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
}

/**
 * The outcome of `authenticate`: its token, or its AuthenticationError kept as the failure. Any
 * other error (the database down) is thrown: no outcome can be told then.
 */
export async function authenticationOf(authenticate: () => Promise<AuthenticatedToken>): Promise<Authentication> {
  try {
    return { isAuthenticated: true, token: await authenticate() };
  } catch (error) {
    if (!isErrorNamed(error, 'AuthenticationError')) throw error;
    return { isAuthenticated: false, failure: error };
  }
}

/** Keeps the outcome of an authentication a route made itself, as `authenticateRequest` does. */
export function storeAuthentication(res: Response, authentication: Authentication): void {
  res.locals[LOCALS_KEY] = authentication;
}

/** What the request's authentication found; undefined when none ran (e.g. `/v1/openapi.json`). */
export function getAuthentication(res: Response): Authentication | undefined {
  return res.locals[LOCALS_KEY] as Authentication | undefined;
}

/** The token the request authenticated with, or its failure thrown (401). Use after `authenticateRequest`. */
export function authenticatedToken(res: Response): AuthenticatedToken {
  const authentication = getAuthentication(res);
  if (!authentication) throw new Error('authenticatedToken called on a route without authenticateRequest');
  if (!authentication.isAuthenticated) throw authentication.failure;
  return authentication.token;
}
