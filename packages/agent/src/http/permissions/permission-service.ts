import type { Caller, ConditionTree, Filter } from '@platform/datasource-toolkit';

/** What a route asks the permission service before touching a collection. */
export type Permission = 'browse' | 'read' | 'add' | 'edit' | 'delete' | 'export' | 'action' | 'chart';

/** Details of a permission check: the action or chart run, the filter of the targeted records. */
export interface PermissionExtra {
  readonly action?: string;
  readonly chart?: string;
  readonly filter?: Filter;
  /** The packed ids of the records targeted, when the route names them (get, update, delete one). */
  readonly recordIds?: readonly string[];
}

/**
 * Decides what a caller may do. The routes call `can` before every collection call and
 * intersect the scope returned by `getScope` into every filter they build.
 * The development service allows everything; the platform integration plugs in the real one.
 */
export interface PermissionService {
  /** Resolves when allowed. @throws ForbiddenError (toolkit) when not. */
  can(caller: Caller, permission: Permission, collection: string, extra?: PermissionExtra): Promise<void>;
  /** A condition tree every record the caller sees in `collection` matches; null for no restriction. */
  getScope?(caller: Caller, collection: string): Promise<ConditionTree | null>;
}
