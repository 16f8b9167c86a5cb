import type { Caller, DataSource } from '@platform/datasource-toolkit';
import type { PermissionService } from '../http/permissions/permission-service';

/**
 * Who runs an operation, and against what: the data source of the moment, the caller, and the
 * permission service that decides what the caller may do and see. An HTTP request, an MCP tool
 * call and an AI tool call all build one, so every transport goes through the same checks.
 */
export interface OperationContext {
  readonly dataSource: DataSource;
  readonly caller: Caller;
  readonly permissions: PermissionService;
}
