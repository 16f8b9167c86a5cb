import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { isErrorNamed } from '../errors';
import { cookieOptions, readCookie } from './cookies';
import { type AuthenticatedSession, authenticateSession, type CreatedSession } from './sessions-service';

/** The browser session cookie: the random session token, whose SHA-256 is stored. */
export const SESSION_COOKIE = 'platform_session';

/** The session token sent by the browser, if any. */
export function readSessionToken(req: Request): string | undefined {
  return readCookie(req, SESSION_COOKIE);
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, for the life of the session. */
export function setSessionCookie(res: Response, context: AppContext, created: CreatedSession): void {
  res.cookie(
    SESSION_COOKIE,
    created.token,
    cookieOptions(context.config, {
      sameSite: 'lax',
      maxAge: created.session.expiresAt.getTime() - context.now().getTime(),
    }),
  );
}

/**
 * The signed-in user and session of a request. Throws AuthenticationError ('missing', 'invalid'
 * or 'expired') when there is none.
 */
export function getSession(context: AppContext, req: Request): Promise<AuthenticatedSession> {
  return authenticateSession(context, readSessionToken(req));
}

export interface RequireSessionOptions {
  /**
   * Send browsers to `/login?next=<this URL>` instead of failing with 401: for pages such as an
   * OAuth authorization screen. Only GET and HEAD requests are redirected.
   */
  readonly redirectToLogin?: boolean;
}

/**
 * Express middleware that lets only signed-in users through and sets
 * `res.locals.session = { user, session }`. Otherwise it passes an AuthenticationError to the
 * error handler (401), or redirects to the login page with `redirectToLogin`.
 *
 * @example
 * router.get('/oauth/authorize', requireSession(context, { redirectToLogin: true }), authorizeHandler);
 */
export function requireSession(
  context: AppContext,
  { redirectToLogin = false }: RequireSessionOptions = {},
): RequestHandler {
  return async function requireSessionMiddleware(req: Request, res: Response, next: NextFunction) {
    let authenticated: AuthenticatedSession;
    try {
      authenticated = await getSession(context, req);
    } catch (error) {
      if (redirectToLogin && (req.method === 'GET' || req.method === 'HEAD') && isAuthenticationError(error)) {
        res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
        return;
      }
      next(error);
      return;
    }
    res.locals.session = authenticated;
    next();
  };
}

/** The session `requireSession` left on this response. */
export function getSessionLocals(res: Response): AuthenticatedSession {
  const session: unknown = res.locals.session;
  if (!session) throw new Error('getSessionLocals called on a route without requireSession');
  return session as AuthenticatedSession;
}

function isAuthenticationError(error: unknown): boolean {
  return isErrorNamed(error, 'AuthenticationError');
}
