import {
  type Caller,
  type ConditionTree,
  ConditionTreeFactory,
  ForbiddenError,
  isErrorOfKind,
} from '@platform/datasource-toolkit';
import {
  injectScopeVariables,
  type PlatformUser,
  type Rendering,
  type RolePermissions,
} from '@platform/platform-contract';
import { LRUCache } from 'lru-cache';
import type { Permission, PermissionExtra, PermissionService } from '../http/permissions/permission-service';
import type { CachedResource } from './cached-resource';

/** The platform data the permission service decides from, each cached on its own. */
export interface PlatformPermissionData {
  readonly roles: CachedResource<ReadonlyMap<string, RolePermissions>>;
  readonly users: CachedResource<ReadonlyMap<number, PlatformUser>>;
  readonly renderings: CachedResource<ReadonlyMap<number, Rendering>>;
}

/** Scopes built per user and collection (a tree per pair): least recently used out past this. */
export const SCOPE_CACHE_SIZE = 10_000;

/**
 * The permission service of a connected agent: nothing is allowed unless the platform grants it.
 *
 * The caller's role, team, tags and rendering are those of the platform's users list, found by
 * the caller's id (a token's own claims could be older than a change of role); a caller absent
 * from the list has lost access, even with a token that still verifies. Scopes are the caller's
 * rendering's trees with `{{currentUser.*}}` replaced, cached per user and collection and keyed
 * by the versions of the users and renderings they came from, so a refresh never serves an old one.
 */
export function createPlatformPermissions(data: PlatformPermissionData): PermissionService {
  const scopes = new LRUCache<string, { tree: ConditionTree | null }>({ max: SCOPE_CACHE_SIZE });

  const findUser = async (caller: Caller): Promise<PlatformUser> => {
    const user = (await data.users.get()).get(caller.id);
    if (user === undefined) {
      throw new ForbiddenError(`User ${caller.email} no longer has access to this environment: ask an admin.`);
    }

    return user;
  };

  return {
    async can(caller, permission, collection, extra) {
      const user = await findUser(caller);
      const role = (await data.roles.get()).get(user.role);
      if (role !== undefined && isAllowed(role, permission, collection, extra)) return;

      throw new ForbiddenError(describeRefusal(user, permission, collection, extra), {
        details: { collection, permission, ...(extra?.action && { action: extra.action }) },
      });
    },

    async getScope(caller, collection) {
      const user = await findUser(caller);
      const renderings = await data.renderings.get();
      const key = `${data.users.version}:${data.renderings.version}:${user.id}:${collection}`;
      const cached = scopes.get(key);
      if (cached !== undefined) return cached.tree;

      const plain = renderings.get(user.renderingId)?.scopes[collection];
      let tree: ConditionTree | null = null;
      if (plain !== undefined) {
        try {
          tree = ConditionTreeFactory.fromPlainObject(injectScopeVariables(plain, user));
        } catch (error) {
          // A misconfigured scope denies rather than widens (platform-contract README).
          if (!isErrorOfKind(error, 'ScopeVariableError')) throw error;
          throw new ForbiddenError(
            `The scope of '${collection}' cannot apply to ${user.email}: ${(error as Error).message}`,
          );
        }
      }
      scopes.set(key, { tree });

      return tree;
    },
  };
}

function isAllowed(
  role: RolePermissions,
  permission: Permission,
  collection: string,
  extra?: PermissionExtra,
): boolean {
  if (role.allowsEverything) return true;
  if (permission === 'chart') return role.charts;
  const rights = role.collections[collection];
  if (rights === undefined) return false;
  if (permission === 'action') return extra?.action !== undefined && rights.actions[extra.action] === true;

  return rights[permission];
}

function describeRefusal(
  user: PlatformUser,
  permission: Permission,
  collection: string,
  extra?: PermissionExtra,
): string {
  const what =
    permission === 'action'
      ? `trigger the action '${extra?.action}' on '${collection}'`
      : permission === 'chart'
        ? `run the chart '${extra?.chart}'`
        : `${permission} '${collection}'`;

  return `The role ${user.role} may not ${what}: ask an admin to grant it on the platform.`;
}
