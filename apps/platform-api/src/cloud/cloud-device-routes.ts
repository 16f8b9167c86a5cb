import { CLOUD_PATHS } from '@platform/platform-contract';
import express, { type Request, type Response, Router } from 'express';
import type { AppContext } from '../context';
import { sendPage } from '../http/html-response';
import { issueCsrfToken, verifyCsrfToken } from '../identity/csrf';
import { getSession } from '../identity/session-middleware';
import type { AuthenticatedSession } from '../identity/sessions-service';
import { cloudDeviceAnsweredPage, cloudDeviceApprovalPage, cloudDeviceCodeFormPage } from '../views/cloud-device-page';
import { errorPage } from '../views/login-page';
import type { DeviceCodeProblem } from './cloud-errors';
import { formatUserCode, normalizeUserCode } from './cloud-tokens';
import { answerDeviceCode, findOpenDeviceCode } from './device-codes';

const FORM_BODY_LIMIT = '16kb';
const PAGE_TITLE = 'Cannot sign in the cloud CLI';
const STATUS_OF_PROBLEM: Readonly<Record<DeviceCodeProblem, number>> = { unknown: 404, expired: 410, answered: 409 };

/**
 * The device page (RFC 8628 §3.3), `GET /cloud/device[?user_code=ABCD-EFGH]`: a visitor signs in
 * through `/login?next=…` first; then the page asks for the code (when none is in the link) or shows
 * it with the CLI's host name and Approve / Deny, posted with a CSRF token to `POST /cloud/device`.
 * An unknown, expired or already answered code gets a page that says so and what to do.
 */
export function cloudDeviceRoutes(context: AppContext): Router {
  const router = Router();
  const parseForm = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT });

  router.get(CLOUD_PATHS.devicePage, async (req, res) => {
    const session = await optionalSession(context, req);
    if (!session) {
      const next = req.originalUrl.length <= 2048 ? req.originalUrl : CLOUD_PATHS.devicePage;
      res.redirect(303, `/login?next=${encodeURIComponent(next)}`);
      return;
    }
    const typed = typeof req.query.user_code === 'string' ? req.query.user_code : '';
    if (typed.trim() === '') {
      sendPage(res, 200, cloudDeviceCodeFormPage({ userEmail: session.user.email }));
      return;
    }
    const userCode = normalizeUserCode(typed);
    if (!userCode) {
      const error = 'A code is eight letters, such as BCDF-GHJK: check the one your terminal shows.';
      sendPage(res, 400, cloudDeviceCodeFormPage({ userEmail: session.user.email, error }));
      return;
    }
    try {
      const code = await findOpenDeviceCode(context, userCode);
      const page = cloudDeviceApprovalPage({
        csrfToken: issueCsrfToken(context, req, res),
        userCode: formatUserCode(code.userCode),
        clientLabel: code.clientLabel,
        userEmail: session.user.email,
      });
      sendPage(res, 200, page);
    } catch (error) {
      refuseWithPage(res, error);
    }
  });

  router.post(CLOUD_PATHS.devicePage, parseForm, async (req, res) => {
    const body: Record<string, unknown> = req.body ?? {};
    try {
      verifyCsrfToken(req);
    } catch (error) {
      sendPage(res, 403, errorPage(PAGE_TITLE, (error as Error).message));
      return;
    }
    const session = await optionalSession(context, req);
    if (!session) {
      sendPage(res, 401, errorPage(PAGE_TITLE, 'Your sign-in ended: open the link your terminal shows again.'));
      return;
    }
    const { decision } = body;
    const userCode = typeof body.user_code === 'string' ? normalizeUserCode(body.user_code) : undefined;
    if ((decision !== 'approve' && decision !== 'deny') || !userCode) {
      sendPage(res, 400, errorPage(PAGE_TITLE, 'The form was not understood: choose Approve or Deny.'));
      return;
    }
    try {
      await answerDeviceCode(context, userCode, session.user, decision);
    } catch (error) {
      refuseWithPage(res, error);
      return;
    }
    sendPage(res, 200, cloudDeviceAnsweredPage({ decision, userCode: formatUserCode(userCode) }));
  });

  return router;
}

async function optionalSession(context: AppContext, req: Request): Promise<AuthenticatedSession | undefined> {
  return getSession(context, req).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'AuthenticationError') return undefined;
    throw error;
  });
}

function refuseWithPage(res: Response, error: unknown): void {
  if (!(error instanceof Error) || error.name !== 'DeviceCodeUnavailableError') throw error;
  const { problem } = error as Error & { problem: DeviceCodeProblem };
  sendPage(res, STATUS_OF_PROBLEM[problem], errorPage(PAGE_TITLE, error.message));
}
