import { type ConnectedAgent, freePort, startConnectedAgent } from '../platform/connected-agent-fixture';

export interface ConnectedMcpAgent {
  readonly fixture: ConnectedAgent;
  /** `http://127.0.0.1:<MCP port>`: the MCP server's own listener. */
  readonly origin: string;
  /** `<origin>/mcp` */
  readonly mcpUrl: string;
}

/**
 * The connected agent of `startConnectedAgent` (SQLite orders, the sandbox's EU Editor, user 2)
 * with its MCP server on a listener of its own, started. The environment's agent URL
 * (`http://127.0.0.1:9`) has another port than that listener: the MCP documents must name the
 * listener's. The sandbox's MCP user is the Editor.
 */
export async function startConnectedMcpAgent(): Promise<ConnectedMcpAgent> {
  const fixture = await startConnectedAgent({}, { agentUrl: 'http://127.0.0.1:9' });
  const port = await freePort();
  fixture.agent.mountAiMcpServer({ port });
  await fixture.agent.start();
  fixture.env.setMcpUser(2);
  const origin = `http://127.0.0.1:${port}`;

  return { fixture, origin, mcpUrl: `${origin}/mcp` };
}
