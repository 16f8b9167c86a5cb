import { type ConditionTree, ForbiddenError } from '@platform/datasource-toolkit';
import type { Permission, PermissionService } from '../../src/http/permissions/permission-service';

/** A permission service that refuses everything. */
export function makeDenyAllPermissions(): PermissionService {
  return {
    can: async (_caller, permission, collection) => {
      throw new ForbiddenError(`You may not ${permission} '${collection}'.`);
    },
  };
}

/** A permissive service that records each check and scopes collections as told. */
export function makeRecordingPermissions(scopes: Record<string, ConditionTree> = {}): PermissionService & {
  readonly checks: Array<{ permission: Permission; collection: string; action?: string; chart?: string }>;
} {
  const checks: Array<{ permission: Permission; collection: string; action?: string; chart?: string }> = [];

  return {
    checks,
    can: async (_caller, permission, collection, extra) => {
      checks.push({
        permission,
        collection,
        ...(extra?.action && { action: extra.action }),
        ...(extra?.chart && { chart: extra.chart }),
      });
    },
    getScope: async (_caller, collection) => scopes[collection] ?? null,
  };
}
