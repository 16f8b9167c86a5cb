import type { Caller } from '@platform/datasource-toolkit';
import type { RequestHandler, Response } from 'express';
import { getRequestId } from '../middlewares/request-id';
import { MissingTokenError } from './authentication-errors';
import type { TokenVerifier } from './token-verifier';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Requires `Authorization: Bearer <jwt>` and stores the caller it describes, with the request's
 * ip and id. The `timezone` query parameter, checked later with the other query parameters,
 * overrides the token's time zone (see `withQueryTimezone`).
 */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async function authenticateRequest(req, res, next) {
    const match = BEARER.exec(req.get('Authorization') ?? '');
    if (!match?.[1]) throw new MissingTokenError('Send the user token in an `Authorization: Bearer <token>` header.');

    const caller = await verifier.verify(match[1]);
    res.locals.caller = { ...caller, request: { ip: req.ip, requestId: getRequestId(res) } } satisfies Caller;
    next();
  };
}

/** The caller `authenticate` stored. @throws Error when the route is not authenticated (a bug). */
export function getAuthenticatedCaller(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (caller === undefined) throw new Error('No caller on this response: the route is missing `authenticate`.');

  return caller;
}
