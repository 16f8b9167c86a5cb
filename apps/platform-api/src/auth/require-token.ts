import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { ForbiddenError, NotFoundError } from '../errors';
import type { ApplicationToken, Project, Role, User } from '../generated/prisma/client';
import { type ConcreteScope, grantsScope, isTokenScope } from '../tokens/token-scopes';
import { permissionLevelName } from '../tokens/token-view';
import { createTokensService, type TokensService } from '../tokens/tokens-service';
import { readBearerToken } from './bearer-token';

export interface RequireApplicationTokenOptions {
  /** The token needs at least one of these (`all` satisfies any). Empty: no scope needed. */
  readonly scopes: readonly ConcreteScope[];
  /** Route parameter holding the project name, compared case-sensitively to the token's project. */
  readonly projectNameParam?: string;
  /** Refuse tokens whose user is not an Admin of the project now (spec §5.2). */
  readonly requireAdmin?: boolean;
  /** Refuse Read-Only tokens. */
  readonly requireWrite?: boolean;
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

const insufficient = (reason: string) => new ForbiddenError(`Insufficient permissions: ${reason}`);

/**
 * Express middleware for the public API: authenticates `Authorization: Bearer <application token>`,
 * then authorizes it for the route, and sets `res.locals.auth` (read it with `getTokenAuth`).
 *
 * Errors go to the app's error handler: AuthenticationError (401) for a missing, malformed, unknown,
 * revoked or expired token; ForbiddenError (403) for a token of another project, a user no longer
 * member or not Admin, a non-SSO token on an SSO project, a Read-Only token on a write route or a
 * missing scope; NotFoundError (404) when no project of the path's name exists in the token's
 * organization.
 *
 * @example
 * router.get('/v1/project/:projectName/admin-logs',
 *   requireApplicationToken(context, { scopes: ['admin_logs:read'] }), listHandler);
 */
export function requireApplicationToken(
  context: AppContext,
  {
    scopes,
    projectNameParam = 'projectName',
    requireAdmin = true,
    requireWrite = false,
    tokens = createTokensService(context),
  }: RequireApplicationTokenOptions,
): RequestHandler {
  async function authorize(req: Request): Promise<TokenAuth> {
    const auth = await tokens.authenticate(readBearerToken(req.headers.authorization));
    const { token, user, project, membershipRole } = auth;

    const projectName = req.params[projectNameParam];
    if (typeof projectName === 'string' && projectName !== project.name) {
      // Only the token's own organization is searched, so a token cannot probe other tenants' names.
      const exists = await context.prisma.project.findFirst({
        where: { organizationId: project.organizationId, name: projectName },
        select: { id: true },
      });
      if (!exists) throw new NotFoundError(`No project named "${projectName}".`);
      throw insufficient(`the token belongs to another project.`);
    }
    if (membershipRole === null) throw insufficient(`the token's user is no longer a member of the project.`);
    if (requireAdmin && membershipRole !== 'Admin') {
      throw insufficient(`the token's user must have the Admin role on the project.`);
    }
    if (project.usesSso && !token.createdInSsoSession) {
      throw insufficient('the project uses SSO and the token was not created in an SSO session.');
    }
    const level = permissionLevelName(token.permissionLevel);
    if (requireWrite && level !== 'read-write') throw insufficient('this operation needs a read-write token.');
    const held = token.scopes.filter(isTokenScope);
    if (scopes.length > 0 && !scopes.some((scope) => grantsScope(held, level, scope))) {
      throw insufficient(`the token needs the scope ${scopes.join(' or ')}.`);
    }

    tokens.recordUse(auth);
    return { token, user, project, role: membershipRole };
  }

  return async function requireApplicationTokenMiddleware(req: Request, res: Response, next: NextFunction) {
    try {
      res.locals.auth = await authorize(req);
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
}

/** The authorization `requireApplicationToken` left on this response. */
export function getTokenAuth(res: Response): TokenAuth {
  const auth: unknown = res.locals.auth;
  if (!auth) throw new Error('getTokenAuth called on a route without requireApplicationToken');
  return auth as TokenAuth;
}
