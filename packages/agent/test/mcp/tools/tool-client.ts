import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DataSource, Logger } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import type { PermissionService } from '../../../src/http/permissions/permission-service';
import { MCP_TOOL_NAMES, type McpToolName, registerMcpTools } from '../../../src/mcp/tools';
import { makeSelectivePermissions } from '../../factories/selective-permissions';

/** An MCP client linked in memory to a server with the collection tools registered. */
export interface ToolClient {
  readonly client: Client;
  /** Calls a tool and returns its result (a protocol error rejects). */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export interface ToolClientOptions {
  readonly permissions?: PermissionService;
  readonly enabled?: readonly McpToolName[];
  readonly logger?: Logger;
}

/** Connects the SDK's client to an `McpServer` where `registerMcpTools` registered the tools for an MCP caller. */
export async function connectToolClient(dataSource: DataSource, options: ToolClientOptions = {}): Promise<ToolClient> {
  const server = new McpServer({ name: 'agent-test', version: '0.0.0' }, { capabilities: { tools: {} } });
  registerMcpTools(
    server,
    {
      dataSource,
      permissions: options.permissions ?? makeSelectivePermissions(),
      caller: makeCaller({ id: 7, email: 'ada@example.com', via: 'mcp' }),
      logger: options.logger ?? silentLogger,
    },
    new Set(options.enabled ?? MCP_TOOL_NAMES),
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'agent-test-client', version: '0.0.0' });
  await client.connect(clientTransport);
  // Listing the tools makes the client validate each result against the tool's output schema.
  await client.listTools();

  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The text of a result's first block. */
export function textOf(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}
