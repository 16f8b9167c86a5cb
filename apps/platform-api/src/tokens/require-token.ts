import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { NotFoundError } from '../errors';
import type { ApplicationToken, Project, Role, User } from '../generated/prisma/client';
import { authenticatedToken, authenticateRequest } from './token-authentication';
import { insufficientPermissions, refusalError, type TokenRule, tokenRefusal } from './token-rule';
import { createTokensService, type TokensService } from './tokens-service';

export interface RequireTokenOptions {
  /** Route parameter holding the project name, compared case-sensitively to the token's project. */
  readonly projectNameParam?: string;
}

export interface RequireApplicationTokenOptions extends TokenRule, RequireTokenOptions {
  /** Shares one service (and its last-used throttle) between routes; one is made otherwise. */
  readonly tokens?: TokensService;
}

/** What the middleware leaves in `res.locals.auth` for the handlers behind it. */
export interface TokenAuth {
  readonly token: ApplicationToken;
  readonly user: Omit<User, 'passwordHash'>;
  readonly project: Project;
  readonly role: Role;
}

/**
 * Authorizes the token `authenticateRequest` authenticated for `rule` on the path's project, and
 * sets `res.locals.auth` (read it with `getTokenAuth`).
 *
 * Errors go to the app's error handler: the AuthenticationError (401) of a missing, malformed,
 * unknown, revoked or expired token; ForbiddenError (403) for a token of another project or one
 * `tokenRefusal` refuses; NotFoundError (404) when no project of the path's name exists in the
 * token's organization.
 *
 * @example
 * router.get('/v1/project/:projectName/admin-logs',
 *   requireToken(context, tokens, { scopes: ['admin_logs:read'] }), listHandler);
 */
export function requireToken(
  context: AppContext,
  tokens: TokensService,
  rule: TokenRule,
  { projectNameParam = 'projectName' }: RequireTokenOptions = {},
): RequestHandler {
  async function authorize(req: Request, res: Response): Promise<TokenAuth> {
    const auth = authenticatedToken(res);
    const { token, user, project, membershipRole } = auth;

    const projectName = req.params[projectNameParam];
    if (typeof projectName === 'string' && projectName !== project.name) {
      // Only the token's own organization is searched, so a token cannot probe other tenants' names.
      const exists = await context.prisma.project.findFirst({
        where: { organizationId: project.organizationId, name: projectName },
        select: { id: true },
      });
      if (!exists) throw new NotFoundError(`No project named "${projectName}".`);
      throw insufficientPermissions('the token belongs to another project.');
    }
    const refusal = tokenRefusal(auth, rule);
    if (refusal !== null) throw refusalError(refusal, rule);

    tokens.recordUse(auth);
    // tokenRefusal refuses a user who left the project: the role is known here.
    return { token, user, project, role: membershipRole as Role };
  }

  return async function requireTokenMiddleware(req: Request, res: Response, next: NextFunction) {
    try {
      res.locals.auth = await authorize(req, res);
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
}

/**
 * `authenticateRequest` and `requireToken` in one middleware, for an app that does not
 * authenticate every request up front.
 *
 * @example
 * app.get('/v1/project/:projectName/ping', requireApplicationToken(context, { scopes: ['notes:read'] }), ping);
 */
export function requireApplicationToken(
  context: AppContext,
  { tokens = createTokensService(context), projectNameParam, ...rule }: RequireApplicationTokenOptions,
): RequestHandler {
  const authenticate = authenticateRequest(tokens);
  const authorize = requireToken(context, tokens, rule, { projectNameParam });
  return function requireApplicationTokenMiddleware(req, res, next) {
    void authenticate(req, res, (error?: unknown) => {
      if (error !== undefined) next(error);
      else void authorize(req, res, next);
    });
  };
}

/** The authorization `requireToken` left on this response. */
export function getTokenAuth(res: Response): TokenAuth {
  const auth: unknown = res.locals.auth;
  if (!auth) throw new Error('getTokenAuth called on a route without requireToken');
  return auth as TokenAuth;
}
