// The public surface of @platform/agent-testing: every exported name is listed here.

// The test client of a running agent
export type {
  ActionClient,
  ActionExecution,
  ActionFieldClient,
  ActionFormFieldView,
  ActionSelection,
  RecordId,
} from './client/action-client';
export {
  AgentTestClientError,
  type AgentTestClientErrorInit,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  UnprocessableError,
  ValidationError,
} from './client/agent-test-client-errors';
export type { ChartData, CollectionClient, ForeignCollectionName, RecordPatch } from './client/collection-client';
export {
  type AgentTestClient,
  type AgentTestClientOptions,
  createAgentTestClient,
  type TypedPermissionsOverride,
} from './client/create-agent-test-client';
export type { CountOptions, FilterTree, ListOptions, SortClause } from './client/list-query';
export type { RelationClient } from './client/relation-client';
export {
  type AuthorizationOutcome,
  followSandboxAuthorization,
  type McpClientInformation,
  McpOAuthTestClient,
  type McpOAuthTestClientOptions,
  type McpTokens,
} from './mcp/mcp-oauth-test-client';
export {
  type AddEnvironmentOptions,
  createPlatformServerSandbox,
  type MintUserTokenOptions,
  type PlatformServerSandbox,
  type PlatformServerSandboxOptions,
} from './sandbox/create-platform-server-sandbox';
export {
  type McpConsent,
  SANDBOX_ROLES,
  SandboxEnvironment,
  type SandboxRight,
  type SandboxUserInput,
} from './sandbox/sandbox-environment';
export type { SandboxMcpGrant } from './sandbox/sandbox-mcp-grants';
export type {
  CollectionRightsOverride,
  PermissionsOverride,
} from './sandbox/testing-routes';
