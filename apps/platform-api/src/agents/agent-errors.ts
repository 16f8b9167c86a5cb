import type { ErrorRequestHandler } from 'express';

/** An authorization code that is unknown, used, expired, or presented with another redirect URI. */
export class InvalidGrantError extends Error {
  override readonly name: string = 'InvalidGrantError';
}

/**
 * The agent contract's error bodies, `{ code, message }` (`@platform/platform-contract`): 401
 * `unauthorized`, 403 `forbidden`, 400 `invalid_grant`. Everything else goes on to the app's error
 * handler, whose 400/404/409/500 bodies already have that shape.
 */
export function agentErrorHandler(): ErrorRequestHandler {
  return function handleAgentError(error: unknown, _request, response, next) {
    if (response.headersSent || !(error instanceof Error)) {
      next(error);
      return;
    }
    const known = contractError(error);
    if (!known) {
      next(error);
      return;
    }
    response.status(known.status).json({ code: known.code, message: error.message });
  };
}

function contractError(error: Error): { status: number; code: string } | undefined {
  switch (error.name) {
    case 'AuthenticationError':
      return { status: 401, code: 'unauthorized' };
    case 'ForbiddenError':
      return { status: 403, code: 'forbidden' };
    case 'InvalidGrantError':
      return { status: 400, code: 'invalid_grant' };
    default:
      return undefined;
  }
}
