import { MCP_SCOPES, type McpScope } from '@platform/platform-contract';

/** Stored scope names as `McpScope`s, in `MCP_SCOPES` order (the platform writes only known ones). */
export function toMcpScopes(values: readonly string[]): McpScope[] {
  return MCP_SCOPES.filter((scope) => values.includes(scope));
}

/** Whether every scope of `asked` is in `allowed`. */
export function areScopesWithin(asked: readonly string[], allowed: readonly string[]): boolean {
  return asked.every((scope) => allowed.includes(scope));
}
