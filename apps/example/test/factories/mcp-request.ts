/** One JSON-RPC call to an MCP endpoint, as a Streamable HTTP client sends it. */
export async function mcpRequest(
  mcpUrl: string,
  token: string | undefined,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; body: { result?: Record<string, unknown>; error?: unknown } }> {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: response.status, body: (await response.json()) as { result?: Record<string, unknown> } };
}

/** The names of the tools a `tools/list` answer holds. */
export function toolNames(body: { result?: Record<string, unknown> }): string[] {
  const tools = (body.result?.tools ?? []) as Array<{ name: string }>;
  return tools.map((tool) => tool.name).sort();
}
