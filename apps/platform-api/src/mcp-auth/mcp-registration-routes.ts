import { MCP_REGISTRATION_PATH } from '@platform/platform-contract';
import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import type { AppContext } from '../context';
import { parseClientRegistration } from './client-registration';
import { RegistrationClosedError } from './mcp-auth-errors';
import { createMcpClient } from './mcp-clients-service';
import { registrationRateLimiter } from './registration-rate-limiter';
import { toRegistrationResponse } from './to-registration-response';

const REGISTRATION_BODY_LIMIT = '64kb';

/**
 * `POST /mcp-auth/register`: dynamic client registration (RFC 7591) of public MCP clients, open to
 * anyone unless PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS restricts it. Answers 201 with
 * `mcpClientRegistrationResponseSchema`; errors are RFC 7591 bodies `{ error, error_description }`.
 * Mounted before the app's JSON parser: the rate limit is counted before the body is read. Any
 * origin may call it (CORS without credentials): browser-based MCP clients register this way.
 */
export function mcpRegistrationRoutes(context: AppContext): Router {
  const router = Router();
  router.options(MCP_REGISTRATION_PATH, allowAnyOrigin, (_req, res) => {
    res
      .set({ 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type' })
      .status(204)
      .end();
  });
  router.post(
    MCP_REGISTRATION_PATH,
    allowAnyOrigin,
    refuseWhenClosed(context),
    registrationRateLimiter(context),
    express.json({ limit: REGISTRATION_BODY_LIMIT }),
    async (req, res) => {
      const registration = parseClientRegistration(req.body, context.config.PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS);
      const client = await createMcpClient(context, registration, 'registration_endpoint');
      res.status(201).set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(toRegistrationResponse(client));
    },
  );
  router.use(MCP_REGISTRATION_PATH, registrationErrorBodies());
  return router;
}

const allowAnyOrigin: RequestHandler = (_req, res, next) => {
  res.set('Access-Control-Allow-Origin', '*');
  next();
};

function refuseWhenClosed(context: AppContext): RequestHandler {
  return function refuseClosedRegistration(_req, _res, next) {
    if (context.config.PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS.kind !== 'off') {
      next();
      return;
    }
    next(
      new RegistrationClosedError(
        'Dynamic client registration is turned off on this platform; an operator registers clients with `platform-api mcp clients register`.',
      ),
    );
  };
}

/** RFC 7591 §3.2.2 bodies for the registration's own refusals; the rest goes to the app's handler. */
function registrationErrorBodies(): ErrorRequestHandler {
  return function answerRegistrationError(error: unknown, _req, res, next) {
    if (res.headersSent || !(error instanceof Error)) {
      next(error);
      return;
    }
    const refusal = (status: number, code: string) =>
      res.status(status).json({ error: code, error_description: error.message });
    switch (error.name) {
      case 'ClientRegistrationError':
        refusal(400, (error as Error & { code: string }).code);
        return;
      case 'RegistrationClosedError':
        refusal(403, 'access_denied');
        return;
      case 'RateLimitError':
        res.set('Retry-After', String((error as Error & { retryAfterSeconds: number }).retryAfterSeconds));
        refusal(429, 'rate_limited');
        return;
      default:
        if ((error as { type?: unknown }).type === 'entity.parse.failed') {
          res
            .status(400)
            .json({ error: 'invalid_client_metadata', error_description: 'The request body is not valid JSON.' });
          return;
        }
        next(error);
    }
  };
}
