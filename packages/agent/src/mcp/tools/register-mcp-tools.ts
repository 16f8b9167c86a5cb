import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { COLLECTION_TOOLS } from './collection-tools';
import { MCP_TOOL_NAMES, type McpToolName } from './mcp-tool-names';
import type { ToolContext } from './tool-definition';

/**
 * Registers the enabled collection tools on `server` for one caller. The MCP server is built per
 * request (stateless Streamable HTTP), so this runs per request: the schemas are built once per
 * data source, and registering only links them. The SDK validates the arguments (an invalid one
 * is a result with `isError`), then the tool runs through the shared operations as the caller.
 *
 * @example
 * const server = new McpServer({ name: 'agent', version }, { capabilities: { tools: {} } });
 * registerMcpTools(server, { dataSource, permissions, caller, logger }, new Set(MCP_TOOL_NAMES));
 */
export function registerMcpTools(server: McpServer, context: ToolContext, enabled: ReadonlySet<McpToolName>): void {
  for (const name of MCP_TOOL_NAMES) {
    if (!enabled.has(name)) continue;
    const tool = COLLECTION_TOOLS[name];
    server.registerTool(
      name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema(context.dataSource),
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, ...tool.annotations },
      },
      (args) => tool.run(context, args),
    );
  }
}
