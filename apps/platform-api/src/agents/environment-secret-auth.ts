import { SECRET_HEADER } from '@platform/platform-contract';
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { AuthenticationError } from '../errors';
import type { Environment } from '../generated/prisma/client';
import { hashEnvironmentSecret } from '../identity/environment-secret';

/**
 * Lets through only requests carrying a known environment secret in `platform-secret-key`, and
 * leaves the environment on `res.locals.environment`. Otherwise an AuthenticationError (401
 * `unauthorized` through `agentErrorHandler`).
 */
export function requireEnvironmentSecret(context: AppContext): RequestHandler {
  return async function environmentSecretMiddleware(request: Request, response: Response, next) {
    const secret = request.get(SECRET_HEADER);
    if (secret === undefined || secret === '') {
      next(new AuthenticationError(`Send the environment secret in the ${SECRET_HEADER} header.`, 'missing'));
      return;
    }
    try {
      const environment = await context.prisma.environment.findUnique({
        where: { secretHash: hashEnvironmentSecret(secret) },
      });
      if (!environment) {
        next(new AuthenticationError("The environment secret is not valid: check the agent's envSecret.", 'invalid'));
        return;
      }
      response.locals.environment = environment;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The environment `requireEnvironmentSecret` authenticated. */
export function authenticatedEnvironment(response: Response): Environment {
  const environment: unknown = response.locals.environment;
  if (!environment) throw new Error('authenticatedEnvironment called on a route without requireEnvironmentSecret');
  return environment as Environment;
}
