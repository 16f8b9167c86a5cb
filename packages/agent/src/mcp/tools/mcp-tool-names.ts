import type { McpScope } from '@platform/platform-contract';

/** The tools of the MCP server (spec agent-library §4.3 rule 1), in the order they are listed. */
export const MCP_TOOL_NAMES = [
  'describeCollection',
  'list',
  'listRelated',
  'create',
  'update',
  'delete',
  'associate',
  'dissociate',
  'getActionForm',
  'executeAction',
] as const;

export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

/**
 * The OAuth scope each tool needs: reads (`describeCollection`, `list`, `listRelated`,
 * `getActionForm`) need `mcp:read`; record writes need `mcp:write`; `executeAction` needs `mcp:action`.
 */
export const MCP_TOOL_SCOPES: Readonly<Record<McpToolName, McpScope>> = Object.freeze({
  describeCollection: 'mcp:read',
  list: 'mcp:read',
  listRelated: 'mcp:read',
  getActionForm: 'mcp:read',
  create: 'mcp:write',
  update: 'mcp:write',
  delete: 'mcp:write',
  associate: 'mcp:write',
  dissociate: 'mcp:write',
  executeAction: 'mcp:action',
});
