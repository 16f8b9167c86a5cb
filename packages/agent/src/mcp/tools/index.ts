// The collection tools of the MCP server (and, later, of the AI proxy): one definition per tool,
// run through the shared operations of src/operations.
export { COLLECTION_TOOLS } from './collection-tools';
export { MCP_TOOL_NAMES, MCP_TOOL_SCOPES, type McpToolName } from './mcp-tool-names';
export { registerMcpTools } from './register-mcp-tools';
export type { CollectionTool, ToolAnnotations, ToolContext } from './tool-definition';
export type { ToolContent, ToolResourceContent, ToolResult, ToolTextContent } from './tool-result';
