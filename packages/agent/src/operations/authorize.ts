import type { Collection } from '@platform/datasource-toolkit';
import type { Permission, PermissionExtra } from '../http/permissions/permission-service';
import type { OperationContext } from './operation-context';

/**
 * Asks the permission service whether the caller may do `permission` on `collection`. Every
 * operation calls it once, before it reads or writes: a granted check is also what the activity
 * log records (`withActivityReporting`).
 * @throws ForbiddenError (from the permission service) when the caller may not.
 */
export async function authorize(
  context: OperationContext,
  permission: Permission,
  collection: Collection | string,
  extra?: PermissionExtra,
): Promise<void> {
  const name = typeof collection === 'string' ? collection : collection.name;
  await context.permissions.can(context.caller, permission, name, extra);
}
