import type { CollectionRights, PlatformUser, Rendering, RolePermissions } from '@platform/platform-contract';
import { plainConditionTreeSchema } from '@platform/platform-contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import { Role } from '../generated/prisma/client';

/** Every project role, in a stable order; `Admin` may do everything. */
export const PROJECT_ROLES: readonly Role[] = [Role.Admin, Role.Developer, Role.Editor, Role.User];

const tagsSchema = z.record(z.string(), z.string());

/**
 * What each project role may do in the environment: `Admin` everything, the others what operators
 * granted per collection (no grant, no right).
 */
export async function environmentPermissions(context: AppContext, environmentId: number): Promise<RolePermissions[]> {
  const [grants, roleRows] = await Promise.all([
    context.prisma.collectionPermission.findMany({ where: { environmentId }, orderBy: { collectionName: 'asc' } }),
    context.prisma.rolePermission.findMany({ where: { environmentId } }),
  ]);

  return PROJECT_ROLES.map((role) => {
    if (role === Role.Admin) return { role, allowsEverything: true, collections: {}, charts: true };
    const collections: Record<string, CollectionRights> = {};
    for (const grant of grants.filter((row) => row.role === role)) {
      collections[grant.collectionName] = {
        browse: grant.canBrowse,
        read: grant.canRead,
        add: grant.canAdd,
        edit: grant.canEdit,
        delete: grant.canDelete,
        export: grant.canExport,
        actions: Object.fromEntries(grant.actions.map((action) => [action, true])),
      };
    }
    const charts = roleRows.some((row) => row.role === role && row.charts);
    return { role, allowsEverything: false, collections, charts };
  });
}

/**
 * The users who may use the environment: members of its project who belong to a team rendering
 * it. Their team and rendering are the first such rendering by id. `userId` narrows to one user.
 */
export async function environmentUsers(
  context: AppContext,
  environment: { readonly id: number; readonly projectId: number },
  userId?: number,
): Promise<PlatformUser[]> {
  const renderings = await context.prisma.rendering.findMany({
    where: { environmentId: environment.id },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      team: {
        select: {
          name: true,
          members: {
            where: userId === undefined ? {} : { userId },
            select: {
              user: {
                select: {
                  id: true,
                  email: true,
                  firstName: true,
                  lastName: true,
                  memberships: { where: { projectId: environment.projectId }, select: { role: true, tags: true } },
                },
              },
            },
          },
        },
      },
    },
  });

  const users = new Map<number, PlatformUser>();
  for (const rendering of renderings) {
    for (const { user } of rendering.team.members) {
      const [membership] = user.memberships;
      if (!membership || users.has(user.id)) continue;
      const tags = tagsSchema.safeParse(membership.tags);
      users.set(user.id, {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: membership.role,
        team: rendering.team.name,
        renderingId: rendering.id,
        tags: tags.success ? tags.data : {},
      });
    }
  }
  return [...users.values()].sort((left, right) => left.id - right.id);
}

/** The environment's renderings (one per team) with their scopes per collection. */
export async function environmentRenderings(context: AppContext, environmentId: number): Promise<Rendering[]> {
  const renderings = await context.prisma.rendering.findMany({
    where: { environmentId },
    orderBy: { id: 'asc' },
    select: { id: true, team: { select: { name: true } }, scopes: { orderBy: { collectionName: 'asc' } } },
  });
  return renderings.map((rendering) => ({
    id: rendering.id,
    team: rendering.team.name,
    scopes: Object.fromEntries(
      rendering.scopes.flatMap((scope) => {
        // Scopes are validated when written; a row that no longer parses is left out rather than sent malformed.
        const parsed = plainConditionTreeSchema.safeParse(scope.condition);
        return parsed.success ? [[scope.collectionName, parsed.data]] : [];
      }),
    ),
  }));
}
