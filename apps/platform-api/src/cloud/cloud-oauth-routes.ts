import { CLOUD_PATHS, type CloudTokenErrorCode } from '@platform/platform-contract';
import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import type { AppContext } from '../context';
import type { CloudOAuthError } from './cloud-errors';
import { refreshLogin, revokeByToken } from './cloud-logins';
import { parseDeviceAuthorizationRequest, parseRevocationRequest, parseTokenRequest } from './cloud-oauth-requests';
import { deviceCodeRateLimiter, tokenRateLimiter } from './cloud-rate-limiters';
import { pollDeviceCode, startDeviceAuthorization } from './device-codes';

const FORM_BODY_LIMIT = '16kb';
const OAUTH_PATHS = [CLOUD_PATHS.deviceAuthorization, CLOUD_PATHS.token, CLOUD_PATHS.revocation];

/**
 * The cloud CLI's OAuth routes (docs/cloud.md): device authorization (RFC 8628 §3.1), the token
 * route of the device-code and refresh-token grants, and revocation (RFC 7009). Form-encoded
 * requests, JSON answers never cached, errors as `{ error, error_description }`. Each route counts
 * its rate limit before reading the body.
 */
export function cloudOAuthRoutes(context: AppContext): Router {
  const router = Router();
  const parseForm = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT });
  const tokenLimiter = tokenRateLimiter(context);
  router.use(OAUTH_PATHS, noStore);

  router.post(CLOUD_PATHS.deviceAuthorization, deviceCodeRateLimiter(context), parseForm, async (req, res) => {
    const { clientLabel } = parseDeviceAuthorizationRequest(req.body);
    res.json(await startDeviceAuthorization(context, clientLabel));
  });

  router.post(CLOUD_PATHS.token, tokenLimiter, parseForm, async (req, res) => {
    const request = parseTokenRequest(req.body);
    const tokens =
      request.grant === 'device_code'
        ? await pollDeviceCode(context, request.deviceCode)
        : await refreshLogin(context, request.refreshToken);
    res.json(tokens);
  });

  router.post(CLOUD_PATHS.revocation, tokenLimiter, parseForm, async (req, res) => {
    await revokeByToken(context, parseRevocationRequest(req.body).token);
    res.status(200).end();
  });

  router.use(OAUTH_PATHS, oauthErrorBodies());
  return router;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
  next();
};

/** RFC 6749 §5.2 status of each error: 401 for a client the platform does not know, else 400. */
function statusOf(code: CloudTokenErrorCode): number {
  return code === 'invalid_client' ? 401 : 400;
}

/** `{ error, error_description }` bodies for the OAuth routes' refusals; the rest goes to the app's handler. */
function oauthErrorBodies(): ErrorRequestHandler {
  return function answerCloudOAuthError(error: unknown, _req, res, next) {
    if (res.headersSent || !(error instanceof Error)) {
      next(error);
      return;
    }
    const refusal = (status: number, code: string) =>
      res.status(status).json({ error: code, error_description: error.message });
    const type = (error as { type?: unknown }).type;
    if (error.name === 'CloudOAuthError') {
      const { code } = error as CloudOAuthError;
      refusal(statusOf(code), code);
    } else if (error.name === 'RateLimitError') {
      res.set('Retry-After', String((error as Error & { retryAfterSeconds: number }).retryAfterSeconds));
      refusal(429, 'rate_limited');
    } else if (type === 'entity.too.large') {
      res.status(413).json({ error: 'invalid_request', error_description: 'The form body is too large.' });
    } else if (typeof type === 'string') {
      res.status(400).json({ error: 'invalid_request', error_description: 'The form body could not be read.' });
    } else {
      next(error);
    }
  };
}
