import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { parseOrThrow } from '../errors';
import { getSessionLocals, requireSession } from '../identity';
import { findMemberProject } from '../projects/project-lookup';
import { tokenIdSchema } from './token-schemas';
import { createToken, listTokens, revokeToken } from './tokens-service';

export interface TokenRoutesOptions {
  /** Session authentication setting `res.locals.session`; the identity module's by default. */
  readonly requireSession?: RequestHandler;
}

const projectQuerySchema = z.object({
  /** Disambiguates when the user belongs to two projects of that name in two organizations. */
  organization: z.string().min(1).optional(),
  includeRevoked: z.enum(['true', 'false']).optional(),
});

async function resolveProject(context: AppContext, req: Request, res: Response) {
  const query = parseOrThrow(projectQuerySchema, req.query, 'query');
  const { user } = getSessionLocals(res);
  const member = await findMemberProject(context, user.id, String(req.params.projectName), query.organization);
  return { ...member, query, user };
}

/**
 * Application-token management for signed-in users (session cookie, see docs/identity.md):
 * - `POST /api/projects/:projectName/tokens` creates one; the response holds its value, once.
 * - `GET /api/projects/:projectName/tokens` lists the caller's tokens, or all of them for an Admin.
 * - `DELETE /api/projects/:projectName/tokens/:id` revokes one of the caller's, or any for an Admin.
 */
export function tokenRoutes(context: AppContext, options: TokenRoutesOptions = {}): Router {
  const router = Router();
  const path = '/api/projects/:projectName/tokens';
  router.use(path, options.requireSession ?? requireSession(context), express.json());

  router.post(path, async (req, res) => {
    const { project, user } = await resolveProject(context, req, res);
    const created = await createToken(context, user.id, project.id, req.body ?? {}, {
      isSsoSession: getSessionLocals(res).session.isSso,
    });
    res.status(201).json(created);
  });

  router.get(path, async (req, res) => {
    const { project, role, query, user } = await resolveProject(context, req, res);
    const list = await listTokens(context, {
      projectId: project.id,
      userId: role === 'Admin' ? undefined : user.id,
      includeRevoked: query.includeRevoked === 'true',
    });
    res.json({ tokens: list });
  });

  router.delete(`${path}/:id`, async (req, res) => {
    const { project, user } = await resolveProject(context, req, res);
    const id = parseOrThrow(tokenIdSchema, req.params.id, 'params.id');
    const token = await revokeToken(context, id, user.id, { projectId: project.id });
    res.json({ token });
  });

  return router;
}
