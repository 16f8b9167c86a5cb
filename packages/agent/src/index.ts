// The public surface of @platform/agent: every exported name is listed here.

// What customizations handle, re-exported so that users need one import.
export {
  Aggregation,
  type Caller,
  type Collection,
  type CollectionSchema,
  type ColumnType,
  ConditionTree,
  ConditionTreeBranch,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  type DataSource,
  type DataSourceFactory,
  Filter,
  type Logger,
  type Operator,
  Page,
  PaginatedFilter,
  type PlainConditionTree,
  Projection,
  type RecordData,
  Sort,
  type SortClause,
} from '@platform/datasource-toolkit';
// Agent runtime
export type { Agent } from './agent/agent';
export { AGENT_DEFAULTS, type AgentOptions, AgentOptionsError } from './agent/agent-options';
export { createAgent } from './agent/create-agent';
export type { PlatformClient } from './agent/platform-client';
// Customization engine
export type { CollectionCustomizer, ImportFieldOptions } from './customizer/collection-customizer';
export type { CollectionCustomizationContext } from './customizer/context/collection-customization-context';
export { DataSourceCustomizer } from './customizer/data-source-customizer';
export type {
  ActionContext,
  ActionContextBulk,
  ActionContextSingle,
  ActionDefinition,
  ActionFormElement,
  ActionResultBuilder,
} from './customizer/decorators/action/types';
export type { BinaryMode } from './customizer/decorators/binary/binary-collection-decorator';
export type {
  ChartResultBuilder,
  CollectionChartDefinition,
  DataSourceChartDefinition,
} from './customizer/decorators/chart/types';
export type { ComputedDefinition } from './customizer/decorators/computed/types';
export type { HookHandler, HookPosition, HookType } from './customizer/decorators/hook/types';
export type { OperatorReplacer } from './customizer/decorators/operators-emulate/types';
export type {
  OverrideCreateHandler,
  OverrideDeleteHandler,
  OverrideUpdateHandler,
} from './customizer/decorators/override/types';
export type {
  ExternalRelationDefinition,
  ManyToManyOptions,
  ManyToOneOptions,
  OneToManyOptions,
  OneToOneOptions,
} from './customizer/decorators/relation/types';
export type { SearchDefinition } from './customizer/decorators/search/types';
export type { SegmentDefinition } from './customizer/decorators/segment/types';
export type { WriteDefinition } from './customizer/decorators/write/types';
export { DataSourceLoadError, PluginError } from './customizer/errors';
export type { DataSourceOptions, Plugin } from './customizer/types';
// HTTP surface
export {
  createDevelopmentUserToken,
  type DevelopmentUser,
  type DevelopmentUserTokenOptions,
} from './http/auth/create-development-user-token';
export { type AgentHttpOptions, createAgentRouter } from './http/create-agent-router';
export type { Permission, PermissionService } from './http/permissions/permission-service';
// MCP server
export { McpBasePathError } from './mcp/build-mcp-router';
export type { McpAuthority } from './mcp/oauth/mcp-authority';
export {
  DEFAULT_MCP_SERVER_PORT,
  type McpServerOptions,
  McpServerOptionsError,
} from './mcp/server/mcp-options';
export { MCP_TOOL_NAMES, MCP_TOOL_SCOPES, type McpToolName } from './mcp/tools';
export {
  PlatformConnectionError,
  PlatformSecretRefusedError,
  PlatformUnavailableError,
} from './platform/platform-errors';
// Schema file
export { ActionRouteClashError } from './schema/action-route';
export type {
  PlatformActionSchema,
  PlatformCollectionSchema,
  PlatformFieldSchema,
  PlatformSchema,
} from './schema/platform-schema';
export { SchemaFileError } from './schema/schema-file';
// Typings (the T-prefixed names are deprecated aliases of the others)
export type {
  CollectionName,
  CollectionRecord,
  CollectionTypings,
  ColumnName,
  FieldName,
  RelationName,
  TCollectionName,
  TCollectionTypings,
  TColumnName,
  TFieldName,
  TRelationName,
  TRow,
  TSchema,
  TypingsSchema,
} from './typings/typed-schema';
