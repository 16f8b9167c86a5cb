import { Router } from 'express';
import type { AppContext } from '../context';
import { getSessionLocals, requireSession } from './session-middleware';

/**
 * `GET /me`: the signed-in user, how they signed in, and their projects with roles. Without a
 * valid session: 401 `{ error: "Unauthorized", message }` (from the app's error handler).
 */
export function meRoute(context: AppContext): Router {
  const router = Router();

  router.get('/me', requireSession(context), async (_req, res) => {
    const { user, session } = getSessionLocals(res);
    const memberships = await context.prisma.projectMembership.findMany({
      where: { userId: user.id },
      include: { project: { include: { organization: { select: { name: true } } } } },
      orderBy: { projectId: 'asc' },
    });
    res.set('Cache-Control', 'no-store').json({
      user,
      session: { isSso: session.isSso, createdAt: session.createdAt, expiresAt: session.expiresAt },
      projects: memberships.map(({ project, role }) => ({
        id: project.id,
        name: project.name,
        organization: project.organization.name,
        usesSso: project.usesSso,
        role,
      })),
    });
  });

  return router;
}
