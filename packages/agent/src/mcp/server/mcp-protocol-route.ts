import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { DataSource, Logger } from '@platform/datasource-toolkit';
import type { RequestHandler, Response } from 'express';
import type { PermissionService } from '../../http/permissions/permission-service';
import { MCP_TOOL_SCOPES, type McpToolName, registerMcpTools } from '../tools';
import { getMcpAuth } from './mcp-bearer-auth';

// The server is built per request; left to itself it compiles a new Ajv instance each time, most
// of the cost of building it. One validator serves every request (the server only uses it to
// check elicitation answers, which our tools never ask for).
const sharedValidator = new AjvJsonSchemaValidator();

export interface McpProtocolDependencies {
  readonly getDataSource: () => DataSource;
  readonly permissions: PermissionService;
  readonly enabledTools: ReadonlySet<McpToolName>;
  readonly logger: Logger;
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** The URL of the protected-resource document, named in a 403's `WWW-Authenticate`. */
  readonly resourceMetadataUrl: (res: Response) => string;
}

/**
 * `POST <basePath>/mcp`, after `mcpBearerAuth` and the JSON body parser: the Model Context
 * Protocol over Streamable HTTP, stateless (no session: each request carries its token, so any
 * agent process can answer it). A server is built per request for the caller, with the tools
 * enabled. A `tools/call` of a tool whose scope the token lacks is refused before it runs with
 * 403 and `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"` (MCP authorization
 * 2025-11-25, step-up), so a client knows which scope to ask for.
 */
export function mcpProtocolRoute(deps: McpProtocolDependencies): RequestHandler {
  return async function serveMcp(req, res) {
    const { caller, scopes } = getMcpAuth(res);
    const needed = scopeOfToolCall(req.body, deps.enabledTools);
    if (needed !== undefined && !scopes.has(needed)) {
      res
        .status(403)
        .set(
          'WWW-Authenticate',
          `Bearer error="insufficient_scope", scope="${needed}", resource_metadata="${deps.resourceMetadataUrl(res)}"`,
        )
        .json({
          jsonrpc: '2.0',
          id: (req.body as { id?: unknown }).id ?? null,
          error: {
            code: -32003,
            message: `insufficient_scope: this tool needs the scope ${needed}; authorize the client with it.`,
          },
        });
      return;
    }

    const server = new McpServer(deps.serverInfo, {
      capabilities: { tools: {} },
      jsonSchemaValidator: sharedValidator,
    });
    registerMcpTools(
      server,
      { dataSource: deps.getDataSource(), permissions: deps.permissions, caller, logger: deps.logger },
      deps.enabledTools,
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };
}

/** The scope a JSON-RPC `tools/call` message needs; undefined for any other message. */
function scopeOfToolCall(body: unknown, enabled: ReadonlySet<McpToolName>) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  if (method !== 'tools/call' || typeof params?.name !== 'string') return undefined;
  const name = params.name as McpToolName;

  return enabled.has(name) ? MCP_TOOL_SCOPES[name] : undefined;
}
