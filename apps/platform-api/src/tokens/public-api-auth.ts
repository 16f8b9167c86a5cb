import type { RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { readBearerToken } from './bearer-token';
import { type RequireApplicationTokenOptions, requireApplicationToken } from './require-token';
import type { AuthenticatedToken } from './token-authenticator';
import type { TokensService } from './tokens-service';

/** The outcome of authenticating the request's Bearer token, before any authorization. */
export type Authentication =
  | { readonly isAuthenticated: true; readonly token: AuthenticatedToken }
  | { readonly isAuthenticated: false; readonly failure: unknown };

const LOCALS_KEY = 'publicApiAuthentication';

/**
 * Authenticates the Bearer token once per request, without refusing anything yet: the rate limiter
 * behind it keys on the token (or on the address when there is no valid token), and `authorize`
 * then answers 401/403 with the outcome kept here. Only infrastructure failures (database down)
 * stop the request at this point.
 */
export function authenticateRequest(tokens: TokensService): RequestHandler {
  return async function authenticatePublicApiRequest(req, res, next) {
    try {
      const token = await tokens.authenticate(readBearerToken(req.headers.authorization));
      res.locals[LOCALS_KEY] = { isAuthenticated: true, token } satisfies Authentication;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'AuthenticationError') {
        next(error);
        return;
      }
      res.locals[LOCALS_KEY] = { isAuthenticated: false, failure: error } satisfies Authentication;
    }
    next();
  };
}

/**
 * Keeps the outcome of an authentication a route made itself (the notes listing authenticates in
 * its page statement), for the limiter's second pass and `authorize`, as `authenticateRequest` does.
 */
export function storeAuthentication(res: Response, authentication: Authentication): void {
  res.locals[LOCALS_KEY] = authentication;
}

/** What `authenticateRequest` found; anonymous when it did not run (e.g. `/v1/openapi.json`). */
export function getAuthentication(res: Response): Authentication | undefined {
  return res.locals[LOCALS_KEY] as Authentication | undefined;
}

/**
 * The tokens feature's `requireApplicationToken` (401/403 bodies, Admin role, SSO rule, scopes,
 * project name), fed with the authentication `authenticateRequest` already made so that the token
 * is looked up once per request. Use after `authenticateRequest`.
 */
export function authorize(
  context: AppContext,
  tokens: TokensService,
  options: Omit<RequireApplicationTokenOptions, 'tokens'>,
): RequestHandler {
  return function authorizePublicApiRequest(req, res, next) {
    const authentication = getAuthentication(res);
    const memoized: TokensService = {
      ...tokens,
      async authenticate(rawValue) {
        if (!authentication) return tokens.authenticate(rawValue);
        if (authentication.isAuthenticated) return authentication.token;
        throw authentication.failure;
      },
    };
    // Cheap: the factory only closes over its options; the shared service keeps the usage throttle.
    void requireApplicationToken(context, { ...options, tokens: memoized })(req, res, next);
  };
}
