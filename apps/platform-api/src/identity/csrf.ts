import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppContext } from '../context';
import { ForbiddenError } from '../errors';
import { cookieOptions, readCookie } from './cookies';

/**
 * CSRF protection of the login and logout forms, by double submit: a random token sits both in an
 * HttpOnly, SameSite=Strict cookie and in a hidden form field, and a POST must carry both, equal.
 * Another site can make a browser post the form but can neither read nor set the cookie.
 */
export const CSRF_COOKIE = 'platform_csrf';
export const CSRF_FIELD = '_csrf';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The request's CSRF token, or a new one set as a cookie on the response. */
export function issueCsrfToken(context: AppContext, req: Request, res: Response): string {
  const existing = readCookie(req, CSRF_COOKIE);
  if (existing && TOKEN_SHAPE.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  res.cookie(CSRF_COOKIE, token, cookieOptions(context.config, { sameSite: 'strict' }));
  return token;
}

/** Throws ForbiddenError unless the form field (or `X-CSRF-Token` header) equals the cookie. */
export function verifyCsrfToken(req: Request): void {
  const cookie = readCookie(req, CSRF_COOKIE);
  const body: unknown = req.body;
  const field = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[CSRF_FIELD] : undefined;
  const submitted = typeof field === 'string' ? field : req.get('x-csrf-token');
  if (!cookie || !submitted || !TOKEN_SHAPE.test(cookie) || !TOKEN_SHAPE.test(submitted)) {
    throw new ForbiddenError('The form is missing its CSRF token; reload the page and try again.');
  }
  if (!timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted))) {
    throw new ForbiddenError('The form has an invalid CSRF token; reload the page and try again.');
  }
}
