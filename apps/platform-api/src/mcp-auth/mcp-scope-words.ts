import type { McpScope } from '@platform/platform-contract';

/** What each MCP scope lets a client do, as the consent page says it. */
export const MCP_SCOPE_WORDS: Readonly<Record<McpScope, string>> = {
  'mcp:read': 'Read the records you can see',
  'mcp:write': 'Create, update and delete records, as your permissions allow',
  'mcp:action': 'Run actions on records, as your permissions allow',
};
