import { type ConditionTree, ForbiddenError } from '@platform/datasource-toolkit';
import type { Permission, PermissionService } from '../../src/http/permissions/permission-service';

export interface SelectivePermissionsOptions {
  /** The rights refused, as `<permission>:<collection>` (`'delete:books'`). */
  readonly deny?: readonly `${Permission}:${string}`[];
  /** The scope of each collection. */
  readonly scopes?: Readonly<Record<string, ConditionTree>>;
}

/** A permission service that allows everything but the rights denied, with the scopes given. */
export function makeSelectivePermissions(options: SelectivePermissionsOptions = {}): PermissionService {
  const denied = new Set<string>(options.deny ?? []);

  return {
    can: async (_caller, permission, collection) => {
      if (denied.has(`${permission}:${collection}`)) {
        throw new ForbiddenError(`You may not ${permission} '${collection}'.`);
      }
    },
    getScope: async (_caller, collection) => options.scopes?.[collection] ?? null,
  };
}
