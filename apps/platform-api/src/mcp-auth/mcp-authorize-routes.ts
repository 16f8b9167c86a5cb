import { formatMcpScopes, MCP_AUTHORIZE_PATH } from '@platform/platform-contract';
import express, { type Request, type Response, Router } from 'express';
import { environmentUsers } from '../agents/permissions-service';
import type { AppContext } from '../context';
import { isErrorNamed } from '../errors';
import { sendPage } from '../http/html-response';
import { issueCsrfToken, verifyCsrfToken } from '../identity/csrf';
import { getSession } from '../identity/session-middleware';
import type { AuthenticatedSession } from '../identity/sessions-service';
import { errorPage } from '../views/login-page';
import { mcpConsentPage } from '../views/mcp-consent-page';
import { approveAuthorization, issueCodeOnGrant } from './approve-authorization';
import { AuthorizationRequestError } from './mcp-auth-errors';
import {
  type AuthorizationTarget,
  checkAuthorizationRequest,
  checkAuthorizationTarget,
  type McpAuthorization,
} from './mcp-authorization-request';
import { findRememberedGrant } from './mcp-grants-service';
import { MCP_SCOPE_WORDS } from './mcp-scope-words';

const FORM_BODY_LIMIT = '16kb';
/** Longest `next` the login page and the SSO round trip keep (src/identity/safe-next.ts). */
const MAX_NEXT_LENGTH = 2048;

const PAGE_STATUS_OF_ERROR: Readonly<Record<string, number>> = {
  ValidationError: 400,
  NotFoundError: 400,
  McpClientNotFoundError: 400,
  AuthenticationError: 401,
  ForbiddenError: 403,
};

/**
 * `GET /mcp-auth/authorize` (the link the agent's `/oauth/authorize` sends the browser to,
 * `mcpAuthorizeQuerySchema`) and `POST /mcp-auth/authorize` (the consent form). Until the client
 * and its redirect URI are trusted every refusal is an error page; after, refusals go back to the
 * client (`error`, `error_description`, `state`). A visitor without a session signs in through
 * `/login?next=…` first. A remembered consent skips the page; approving issues a code and denying
 * answers `access_denied`, both by a 303 to the client's redirect URI.
 */
export function mcpAuthorizeRoutes(context: AppContext): Router {
  const router = Router();
  const parseForm = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT });

  router.get(MCP_AUTHORIZE_PATH, async (req, res) => {
    const input = req.query as Record<string, unknown>;
    const checked = await checkRequest(context, res, input);
    if (!checked) return;
    const session = await optionalSession(context, req);
    if (!session) {
      if (req.originalUrl.length > MAX_NEXT_LENGTH) {
        const message = `The authorization request is longer than the ${MAX_NEXT_LENGTH} characters that survive signing in; shorten its state.`;
        redirectWithError(res, checked, new AuthorizationRequestError('invalid_request', message));
        return;
      }
      res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
      return;
    }
    const user = await userWithAccess(context, res, checked, session);
    if (!user) return;
    const key = { clientId: checked.client.id, userId: user.id, environmentId: checked.environment.id };
    const remembered = await findRememberedGrant(context, key, checked.scopes, user.role);
    if (remembered) {
      redirectWithCode(res, checked, await issueCodeOnGrant(context, checked, remembered.id));
      return;
    }
    sendPage(
      res,
      200,
      mcpConsentPage({
        csrfToken: issueCsrfToken(context, req, res),
        clientName: checked.client.name,
        redirectHost: new URL(checked.redirectUri).host,
        scopes: checked.scopes.map((scope) => ({ scope, words: MCP_SCOPE_WORDS[scope] })),
        projectName: checked.environment.project.name,
        environmentName: checked.environment.name,
        userEmail: user.email,
        role: user.role,
        request: requestFields(checked),
      }),
      // The form's answer is a redirect to the client, which `form-action` must allow.
      { formActionOrigins: [new URL(checked.redirectUri).origin] },
    );
  });

  router.post(MCP_AUTHORIZE_PATH, parseForm, async (req, res) => {
    const input: Record<string, unknown> = req.body ?? {};
    try {
      verifyCsrfToken(req);
    } catch (error) {
      refuseWithPage(res, error);
      return;
    }
    const checked = await checkRequest(context, res, input);
    if (!checked) return;
    const session = await optionalSession(context, req);
    if (!session) {
      sendPage(
        res,
        401,
        errorPage(PAGE_TITLE, 'Your sign-in ended; start the authorization again from the application.'),
      );
      return;
    }
    if (input.decision === 'deny') {
      redirectWithError(res, checked, new AuthorizationRequestError('access_denied', 'The user denied access.'));
      return;
    }
    if (input.decision !== 'approve') {
      sendPage(res, 400, errorPage(PAGE_TITLE, 'The form was not understood: choose Allow or Deny.'));
      return;
    }
    const user = await userWithAccess(context, res, checked, session);
    if (!user) return;
    redirectWithCode(res, checked, await approveAuthorization(context, checked, user));
  });

  return router;
}

const PAGE_TITLE = 'Cannot authorize the application';

/** Both steps of the request's checks, answering the refusals itself (page, or redirect). */
async function checkRequest(
  context: AppContext,
  res: Response,
  input: Readonly<Record<string, unknown>>,
): Promise<McpAuthorization | undefined> {
  let target: AuthorizationTarget;
  try {
    target = await checkAuthorizationTarget(context, input);
  } catch (error) {
    refuseWithPage(res, error);
    return undefined;
  }
  try {
    return checkAuthorizationRequest(target, input);
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'AuthorizationRequestError') throw error;
    redirectWithError(res, target, error as AuthorizationRequestError);
    return undefined;
  }
}

async function optionalSession(context: AppContext, req: Request): Promise<AuthenticatedSession | undefined> {
  return getSession(context, req).catch((error: unknown) => {
    if (isErrorNamed(error, 'AuthenticationError')) return undefined;
    throw error;
  });
}

/** The signed-in user as the environment's agent would see them; a 403 page when they may not use it. */
async function userWithAccess(
  context: AppContext,
  res: Response,
  checked: McpAuthorization,
  session: AuthenticatedSession,
) {
  const [user] = await environmentUsers(context, checked.environment, session.user.id);
  if (!user) {
    sendPage(
      res,
      403,
      errorPage(
        PAGE_TITLE,
        `You have no access to environment ${checked.environment.name}: ask an administrator to add you to a team of the project.`,
      ),
    );
  }
  return user;
}

function redirectWithCode(res: Response, checked: McpAuthorization, code: string): void {
  redirectToClient(res, checked, { code });
}

function redirectWithError(res: Response, target: AuthorizationTarget, error: AuthorizationRequestError): void {
  redirectToClient(res, target, { error: error.code, error_description: error.message });
}

/**
 * A 303 to the client's redirect URI with `parameters` and the state. No `iss` (RFC 9207): the
 * issuer clients know is the agent's facade, whose URL the platform does not hold.
 */
function redirectToClient(res: Response, target: AuthorizationTarget, parameters: Record<string, string>): void {
  const url = new URL(target.redirectUri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  if (target.state !== undefined) url.searchParams.set('state', target.state);
  res.set('Cache-Control', 'no-store').redirect(303, url.toString());
}

function refuseWithPage(res: Response, error: unknown): void {
  const status = error instanceof Error ? PAGE_STATUS_OF_ERROR[error.name] : undefined;
  if (status === undefined) throw error;
  sendPage(res, status, errorPage(PAGE_TITLE, (error as Error).message));
}

/** The checked request as the consent form posts it back. */
function requestFields(checked: McpAuthorization): Record<string, string> {
  return {
    environmentId: String(checked.environment.id),
    clientId: checked.client.id,
    redirectUri: checked.redirectUri,
    codeChallenge: checked.codeChallenge,
    codeChallengeMethod: 'S256',
    scope: formatMcpScopes(checked.scopes),
    resource: checked.resource,
    ...(checked.state === undefined ? {} : { state: checked.state }),
  };
}
