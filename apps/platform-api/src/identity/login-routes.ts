import { AUTHORIZE_PATH, MCP_AUTHORIZE_PATH } from '@platform/platform-contract';
import express, { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { isErrorNamed } from '../errors';
import { sendPage } from '../http/html-response';
import { errorPage, loginPage, signedInPage } from '../views/login-page';
import { clearCookie } from './cookies';
import { issueCsrfToken, verifyCsrfToken } from './csrf';
import { isOidcConfigured } from './oidc-login';
import { signInWithPassword } from './password-login';
import { DEFAULT_NEXT, safeNextPath } from './safe-next';
import { getSession, readSessionToken, SESSION_COOKIE, setSessionCookie } from './session-middleware';
import { revokeSession } from './sessions-service';

const FORM_BODY_LIMIT = '16kb';

const loginFormSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

/**
 * The server-rendered sign-in: `GET /login` (the form, or who is signed in), `POST /login` (form
 * submit: sets the session cookie and redirects to `next`) and `POST /logout`.
 */
export function loginRoutes(context: AppContext): Router {
  const router = Router();
  const parseForm = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT });

  function renderForm(
    req: Request,
    res: Response,
    status: number,
    options: { next: string; email?: string; error?: string },
  ) {
    const csrfToken = issueCsrfToken(context, req, res);
    sendPage(res, status, loginPage({ ...options, csrfToken, isSsoAvailable: isOidcConfigured(context.config) }), {
      formActionOrigins: agentOriginOf(options.next),
    });
  }

  router.get('/login', async (req, res) => {
    const next = safeNextPath(req.query.next);
    const signedIn = await getSession(context, req).catch((error: unknown) => {
      if (isErrorNamed(error, 'AuthenticationError')) return undefined;
      throw error;
    });
    if (!signedIn) {
      renderForm(req, res, 200, { next });
      return;
    }
    if (next !== DEFAULT_NEXT) {
      res.redirect(303, next);
      return;
    }
    const { user, session } = signedIn;
    sendPage(
      res,
      200,
      signedInPage({
        csrfToken: issueCsrfToken(context, req, res),
        email: user.email,
        name: `${user.firstName} ${user.lastName}`.trim(),
        isSso: session.isSso,
      }),
    );
  });

  router.post('/login', parseForm, async (req, res) => {
    const body: Record<string, unknown> = req.body ?? {};
    const next = safeNextPath(body.next);
    const typedEmail = typeof body.email === 'string' ? body.email.slice(0, 254) : '';
    try {
      verifyCsrfToken(req);
    } catch {
      renderForm(req, res, 403, { next, email: typedEmail, error: 'The form expired; please sign in again.' });
      return;
    }
    const form = loginFormSchema.safeParse(body);
    if (!form.success) {
      renderForm(req, res, 400, { next, email: typedEmail, error: 'Enter your email and password.' });
      return;
    }

    let signedIn: Awaited<ReturnType<typeof signInWithPassword>>;
    try {
      signedIn = await signInWithPassword(context, form.data);
    } catch (error) {
      if (!isErrorNamed(error, 'AuthenticationError')) throw error;
      renderForm(req, res, 401, { next, email: typedEmail, error: 'Invalid email or password.' });
      return;
    }
    // A new sign-in replaces whatever session this browser had.
    await revokeSession(context, readSessionToken(req));
    setSessionCookie(res, context, signedIn);
    res.redirect(303, next);
  });

  router.post('/logout', parseForm, async (req, res) => {
    try {
      verifyCsrfToken(req);
    } catch (error) {
      sendPage(res, 403, errorPage('Sign-out refused', (error as Error).message));
      return;
    }
    await revokeSession(context, readSessionToken(req));
    clearCookie(res, context.config, SESSION_COOKIE, { sameSite: 'lax' });
    res.redirect(303, '/login');
  });

  return router;
}

/**
 * The origin an agent sign-in (`next` = `/agent-auth/authorize?…&redirectUri=…`) or an MCP
 * authorization with a remembered consent (`/mcp-auth/authorize?…`) ends on, as a list of at most
 * one http(s) origin. The login form's redirects end there (login → authorize → the agent's
 * callback or the MCP client's redirect URI), and browsers refuse the last one unless the form's
 * CSP allows it. Which redirect URI is acceptable is still decided by the authorize route; this
 * only lets it through.
 */
function agentOriginOf(next: string): string[] {
  const url = new URL(next, 'http://platform.invalid');
  const isAuthorizePath = url.pathname === AUTHORIZE_PATH || url.pathname === MCP_AUTHORIZE_PATH;
  const redirectUri = isAuthorizePath ? url.searchParams.get('redirectUri') : null;
  if (!redirectUri || !URL.canParse(redirectUri)) return [];
  const target = new URL(redirectUri);
  return target.protocol === 'http:' || target.protocol === 'https:' ? [target.origin] : [];
}
