import { type Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { sendPage } from '../http/html-response';
import { errorPage } from '../views/login-page';
import { clearCookie, cookieOptions, readCookie } from './cookies';
import { completeOidcLogin, OIDC_CALLBACK_PATH, type OidcTransaction, startOidcLogin } from './oidc-login';
import { safeNextPath } from './safe-next';
import { readSessionToken, setSessionCookie } from './session-middleware';
import { revokeSession } from './sessions-service';

/**
 * The transaction rides in an HttpOnly cookie scoped to /auth/oidc: SameSite=Lax, so that the
 * browser sends it on the provider's top-level redirect back. The state in it must match the
 * state in the callback, which an attacker cannot forge without setting this browser's cookies.
 */
const TRANSACTION_COOKIE = 'platform_oidc';
const TRANSACTION_PATH = '/auth/oidc';
const TRANSACTION_TTL_MS = 10 * 60_000;

const transactionSchema = z.object({
  state: z.string().min(1).max(256),
  nonce: z.string().min(1).max(256),
  codeVerifier: z.string().min(43).max(128),
  next: z.string().max(2048),
});

function encodeTransaction(transaction: OidcTransaction): string {
  return Buffer.from(JSON.stringify(transaction), 'utf8').toString('base64url');
}

function decodeTransaction(value: string | undefined): OidcTransaction | undefined {
  if (!value) return undefined;
  try {
    const parsed = transactionSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const FAILURE_STATUSES: Readonly<Record<string, number>> = {
  NotFoundError: 404,
  AuthenticationError: 401,
  ForbiddenError: 403,
  OidcProviderUnavailableError: 502,
};

function renderFailure(res: Response, error: unknown): void {
  const status = error instanceof Error ? FAILURE_STATUSES[error.name] : undefined;
  if (status === undefined) throw error;
  sendPage(res, status, errorPage('SSO sign-in failed', (error as Error).message));
}

/** `GET /auth/oidc/start?next=` and `GET /auth/oidc/callback`: SSO sign-in through OpenID Connect. */
export function oidcRoutes(context: AppContext): Router {
  const router = Router();

  router.get(`${TRANSACTION_PATH}/start`, async (req, res) => {
    let started: Awaited<ReturnType<typeof startOidcLogin>>;
    try {
      started = await startOidcLogin(context, safeNextPath(req.query.next));
    } catch (error) {
      renderFailure(res, error);
      return;
    }
    res.cookie(
      TRANSACTION_COOKIE,
      encodeTransaction(started.transaction),
      cookieOptions(context.config, { sameSite: 'lax', path: TRANSACTION_PATH, maxAge: TRANSACTION_TTL_MS }),
    );
    res.set('Cache-Control', 'no-store').redirect(303, started.authorizationUrl.href);
  });

  router.get(OIDC_CALLBACK_PATH, async (req, res) => {
    const transaction = decodeTransaction(readCookie(req, TRANSACTION_COOKIE));
    // One use only: a replayed callback finds no transaction.
    clearCookie(res, context.config, TRANSACTION_COOKIE, { sameSite: 'lax', path: TRANSACTION_PATH });
    if (!transaction) {
      sendPage(
        res,
        400,
        errorPage('SSO sign-in failed', 'The SSO sign-in expired or was started in another browser; start again.'),
      );
      return;
    }
    const queryStart = req.originalUrl.indexOf('?');
    const search = queryStart === -1 ? '' : req.originalUrl.slice(queryStart);

    let signedIn: Awaited<ReturnType<typeof completeOidcLogin>>;
    try {
      signedIn = await completeOidcLogin(context, search, transaction);
    } catch (error) {
      renderFailure(res, error);
      return;
    }
    await revokeSession(context, readSessionToken(req));
    setSessionCookie(res, context, signedIn);
    res.redirect(303, safeNextPath(transaction.next));
  });

  return router;
}
