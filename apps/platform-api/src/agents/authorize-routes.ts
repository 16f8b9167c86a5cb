import { AUTHORIZE_PATH, authorizeQuerySchema } from '@platform/platform-contract';
import { type Request, type Response, Router } from 'express';
import type { AppContext } from '../context';
import { isErrorNamed } from '../errors';
import { sendPage } from '../http/html-response';
import { getSession } from '../identity/session-middleware';
import { errorPage } from '../views/login-page';
import { checkAuthorizeTarget, issueAuthorizationCode } from './authorization-codes';

const STATUS_OF_ERROR: Readonly<Record<string, number>> = {
  ValidationError: 400,
  NotFoundError: 400,
  ForbiddenError: 403,
};

/**
 * `GET /agent-auth/authorize?environmentId&redirectUri&state`: the browser page that signs a user
 * in for an agent. The environment and the redirect URI (under the environment's agent URL) are
 * checked first; then a visitor without a session goes through `/login?next=…` and comes back;
 * then a one-time code is issued and the browser is sent to `redirectUri?code&state` (303).
 * Every refusal is an error page (400, or 403 for a user without access), never a redirect.
 */
export function authorizeRoutes(context: AppContext): Router {
  const router = Router();

  router.get(AUTHORIZE_PATH, async (request: Request, response: Response) => {
    const query = authorizeQuerySchema.safeParse(request.query);
    if (!query.success) {
      refuse(response, 400, 'The sign-in link is incomplete: it needs environmentId, redirectUri and state.');
      return;
    }
    const { environmentId, redirectUri, state } = query.data;
    try {
      const environment = await checkAuthorizeTarget(context, environmentId, redirectUri);
      const signedIn = await getSession(context, request).catch((error: unknown) => {
        if (isErrorNamed(error, 'AuthenticationError')) return undefined;
        throw error;
      });
      if (!signedIn) {
        response.redirect(303, `/login?next=${encodeURIComponent(request.originalUrl)}`);
        return;
      }
      const code = await issueAuthorizationCode(context, environment, signedIn.user.id, redirectUri);
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      response.set('Cache-Control', 'no-store').redirect(303, target.toString());
    } catch (error) {
      const status = error instanceof Error ? STATUS_OF_ERROR[error.name] : undefined;
      if (status === undefined) throw error;
      refuse(response, status, (error as Error).message);
    }
  });

  return router;
}

function refuse(response: Response, status: number, message: string): void {
  sendPage(response, status, errorPage('Cannot sign in to the agent', message));
}
