import { type ActivityAction, MAX_ACTIVITY_RECORD_IDS } from '@platform/platform-contract';
import type { Permission, PermissionService } from '../http/permissions/permission-service';
import type { ActivityReporter } from './activity-reporter';

const ACTION_BY_PERMISSION: Record<Permission, ActivityAction> = {
  browse: 'read',
  read: 'read',
  add: 'create',
  edit: 'update',
  delete: 'delete',
  export: 'export',
  action: 'action',
  chart: 'chart',
};

/**
 * A permission service that reports each granted operation to the activity log: every route
 * asks `can` once before it reads or writes, so a granted check is the operation being done on
 * the user's behalf. The records are those the route names (one id, or the ids of a selection);
 * a list, or a selection of all records, reports none. A refused check reports nothing. `via`
 * tells a workflow run's or an MCP session's requests (platform-minted tokens) from the others.
 */
export function withActivityReporting(inner: PermissionService, reporter: ActivityReporter): PermissionService {
  return {
    async can(caller, permission, collection, extra) {
      await inner.can(caller, permission, collection, extra);
      const ids = extra?.recordIds;
      // One object literal of one shape per request (an absent label is undefined, which JSON
      // omits): no spread of an optional part, which would copy properties at run time.
      reporter.record({
        userId: caller.id,
        userEmail: caller.email,
        action: ACTION_BY_PERMISSION[permission],
        collection: collection || '(data source)',
        recordIds: ids === undefined ? [] : ids.slice(0, MAX_ACTIVITY_RECORD_IDS),
        label: permission === 'action' ? extra?.action : permission === 'chart' ? extra?.chart : undefined,
        occurredAt: new Date().toISOString(),
        via: caller.via ?? 'agent',
      });
    },
    getScope: inner.getScope?.bind(inner),
  };
}
