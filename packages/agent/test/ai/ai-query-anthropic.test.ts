import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AiAgent, API_KEY, startAiAgent } from './ai-agent-fixture';

interface AnthropicRequest {
  readonly messages: Array<{ role: string; content: unknown }>;
  readonly tools?: Array<{ name: string }>;
}

/** A fake Anthropic Messages API: first a `tool_use` of `list` on orders, then a text quoting the tool result. */
async function startFakeAnthropic(
  received: AnthropicRequest[],
  keys: unknown[],
): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AnthropicRequest;
    received.push(body);
    keys.push(req.headers['x-api-key'] ?? req.headers.authorization);
    const result = body.messages
      .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
      .find((block: { type?: string }) => block.type === 'tool_result') as { content?: unknown } | undefined;
    const content =
      result === undefined
        ? [{ type: 'tool_use', id: 'toolu_01', name: 'list', input: { collection: 'orders' } }]
        : [{ type: 'text', text: `Received: ${JSON.stringify(result.content)}` }];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'msg_01',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content,
        stop_reason: result === undefined ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('POST /_internal/ai-proxy/ai-query with an Anthropic provider', () => {
  const received: AnthropicRequest[] = [];
  const keys: unknown[] = [];
  let fake: { url: string; server: Server };
  let platform: AiAgent;
  beforeEach(async () => {
    fake = await startFakeAnthropic(received, keys);
    platform = await startAiAgent({ provider: 'anthropic', model: 'claude-test', baseUrl: fake.url });
  });
  afterEach(async () => {
    await platform.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  test('runs the tool loop with the tool_use id kept, giving the model only the rows of the user scope', async () => {
    const response = await platform.callAi('/ai-query', { messages: [{ role: 'user', content: 'Which orders?' }] });

    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      choices: Array<{ message: { content: string } }>;
      tool_runs: Array<{ id: string }>;
    };
    expect(received[0]?.tools).toHaveLength(10);
    expect(String(keys[0])).toContain(API_KEY);
    expect(body.tool_runs.map((run) => run.id)).toEqual(['toolu_01']);
    const answer = body.choices[0]?.message.content ?? '';
    expect(answer).toContain('\\"region\\":\\"EU\\"');
    expect(answer).not.toContain('\\"region\\":\\"US\\"');
    expect(JSON.stringify(body)).not.toContain(API_KEY);
  });
});
