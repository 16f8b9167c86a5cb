import type { PermissionService } from './permission-service';

/**
 * The permission service of development mode: any authenticated caller may do anything, with
 * no scope. The platform integration replaces it with the environment's real permissions.
 */
export function createDevelopmentPermissions(): PermissionService {
  return {
    can: async () => {},
    getScope: async () => null,
  };
}
