import {
  type Caller,
  type ConditionTree,
  ConditionTreeFactory,
  ForbiddenError,
  isErrorOfKind,
} from '@platform/datasource-toolkit';
import {
  injectScopeVariables,
  type PlainConditionTree,
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

/** Users whose scopes are kept (each with a tree per collection): least recently used out past this. */
export const SCOPE_CACHE_SIZE = 10_000;

/** One user's scopes, built from these users and renderings (the objects fetched, compared by identity). */
interface UserScopes {
  readonly users: ReadonlyMap<number, PlatformUser>;
  readonly renderings: ReadonlyMap<number, Rendering>;
  readonly trees: Map<string, ConditionTree | null>;
}

/**
 * The permission service of a connected agent: nothing is allowed unless the platform grants it.
 *
 * The caller's role, team, tags and rendering are those of the platform's users list, found by
 * the caller's id (a token's own claims could be older than a change of role); a caller absent
 * from the list has lost access, even with a token that still verifies. Scopes are the caller's
 * rendering's trees with `{{currentUser.*}}` replaced, built once per user and collection and
 * kept with the users and renderings they came from: a refresh fetches new ones, so a tree built
 * from older data is never served.
 */
export function createPlatformPermissions(data: PlatformPermissionData): PermissionService {
  // Keyed by user id; an entry built from older data is replaced on its next read.
  const scopes = new LRUCache<number, UserScopes>({ max: SCOPE_CACHE_SIZE });

  const findUser = (users: ReadonlyMap<number, PlatformUser>, caller: Caller): PlatformUser => {
    const user = users.get(caller.id);
    if (user === undefined) {
      throw new ForbiddenError(`User ${caller.email} no longer has access to this environment: ask an admin.`);
    }

    return user;
  };

  const scopesOf = (
    user: PlatformUser,
    users: ReadonlyMap<number, PlatformUser>,
    renderings: ReadonlyMap<number, Rendering>,
  ): Map<string, ConditionTree | null> => {
    const cached = scopes.get(user.id);
    if (cached !== undefined && cached.users === users && cached.renderings === renderings) return cached.trees;

    const trees = new Map<string, ConditionTree | null>();
    scopes.set(user.id, { users, renderings, trees });

    return trees;
  };

  return {
    async can(caller, permission, collection, extra) {
      // Warm reads (`current()`) answer without awaiting: the check is synchronous once cached.
      const user = findUser(data.users.current() ?? (await data.users.get()), caller);
      const role = (data.roles.current() ?? (await data.roles.get())).get(user.role);
      if (role !== undefined && isAllowed(role, permission, collection, extra)) return;

      throw new ForbiddenError(describeRefusal(user, permission, collection, extra), {
        details: { collection, permission, ...(extra?.action && { action: extra.action }) },
      });
    },

    async getScope(caller, collection) {
      const users = data.users.current() ?? (await data.users.get());
      const user = findUser(users, caller);
      const renderings = data.renderings.current() ?? (await data.renderings.get());
      const trees = scopesOf(user, users, renderings);
      const cached = trees.get(collection);
      if (cached !== undefined) return cached;

      const tree = buildScope(user, renderings.get(user.renderingId)?.scopes[collection], collection);
      trees.set(collection, tree);

      return tree;
    },
  };
}

/** The scope's tree for this user; null without one. A misconfigured scope denies rather than widens. */
function buildScope(
  user: PlatformUser,
  plain: PlainConditionTree | undefined,
  collection: string,
): ConditionTree | null {
  if (plain === undefined) return null;
  try {
    return ConditionTreeFactory.fromPlainObject(injectScopeVariables(plain, user));
  } catch (error) {
    // Denying is the contract's rule for a scope that cannot apply (platform-contract README).
    if (!isErrorOfKind(error, 'ScopeVariableError')) throw error;
    throw new ForbiddenError(`The scope of '${collection}' cannot apply to ${user.email}: ${(error as Error).message}`);
  }
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
