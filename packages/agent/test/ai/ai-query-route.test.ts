import { ORDERS } from '../platform/connected-agent-fixture';
import { type AiAgent, API_KEY, startAiAgent } from './ai-agent-fixture';
import { completion } from './fake-openai-server';

interface AiQueryAnswer {
  readonly choices: Array<{ message: { content: string | null } }>;
  readonly tool_runs: unknown[];
  readonly errors?: Array<{ name: string; status: number }>;
}

const answerOf = async (response: Response) => (await response.json()) as AiQueryAnswer;

const question = { messages: [{ role: 'user', content: 'Which orders are there?' }] };

describe('POST /_internal/ai-proxy/ai-query', () => {
  let platform: AiAgent;
  beforeEach(async () => {
    platform = await startAiAgent();
  });
  afterEach(() => platform.close());

  test('offers the ten collection tools and gives the model only the rows of the user scope', async () => {
    const response = await platform.callAi('/ai-query', question);

    expect(response.status).toBe(200);
    const body = await answerOf(response);
    expect(platform.model.requests[0]?.body.tools?.map((tool) => tool.function.name)).toHaveLength(10);
    expect(platform.model.requests).toHaveLength(2);
    const toolMessage = platform.model.requests[1]?.body.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.tool_call_id).toBe('call_1');
    const sent = JSON.parse(String(toolMessage?.content)) as { records: Array<{ id: unknown }> };
    expect(sent.records.length).toBeGreaterThan(0);
    const euIds = ORDERS.filter((order) => order.region === 'EU').map((order) => String(order.id));
    expect(sent.records.map((record) => String(record.id)).sort()).toEqual(euIds);
    expect(body.choices[0]?.message.content).toContain('Received:');
    expect(body.choices[0]?.message.content).not.toContain('"US"');
    expect(JSON.stringify(body)).not.toContain(API_KEY);
    expect(body.tool_runs).toEqual([
      { id: 'call_1', name: 'list', arguments: '{"collection":"orders"}', isError: false },
    ]);
  });

  test('reports the tool calls to the activity log via ai', async () => {
    expect((await platform.callAi('/ai-query', question)).status).toBe(200);

    await platform.agent.stop();

    expect(platform.env.activity).toEqual([
      expect.objectContaining({ userId: 2, action: 'read', collection: 'orders', via: 'ai' }),
    ]);
  });

  test('answers the model an error result, and no rows, when the role may not browse', async () => {
    const response = await platform.callAi('/ai-query', question, 3);

    expect(response.status).toBe(200);
    const toolMessage = platform.model.requests[1]?.body.messages.find((message) => message.role === 'tool');
    expect(String(toolMessage?.content)).toMatch(/^Error: ForbiddenError/);
    for (const order of ORDERS) expect(String(toolMessage?.content)).not.toContain(`"amount":${order.amount}`);
    expect((await answerOf(response)).tool_runs).toEqual([expect.objectContaining({ name: 'list', isError: true })]);
  });

  test('answers a call of an unknown tool as an error result to the model', async () => {
    platform.model.answerWith((request) =>
      request.body.messages.some((message) => message.role === 'tool')
        ? { body: completion('done') }
        : { body: completion(null, [{ id: 'call_x', name: 'dropDatabase', arguments: '{}' }]) },
    );

    const response = await platform.callAi('/ai-query', question);

    expect(response.status).toBe(200);
    const toolMessage = platform.model.requests[1]?.body.messages.find((message) => message.role === 'tool');
    expect(String(toolMessage?.content)).toContain("Unknown tool 'dropDatabase'");
  });

  test('stops after five rounds of tool calls with tool_choice none', async () => {
    platform.model.answerWith(() => ({
      body: completion(null, [{ id: 'call_n', name: 'list', arguments: '{"collection":"orders"}' }]),
    }));

    const response = await platform.callAi('/ai-query', question);

    expect(response.status).toBe(200);
    expect(platform.model.requests).toHaveLength(6);
    expect(platform.model.requests[5]?.body.tool_choice).toBe('none');
    expect((await answerOf(response)).tool_runs).toHaveLength(5);
  });

  test('offers only the tools the body selects, and none with tools: []', async () => {
    platform.model.answerWith(() => ({ body: completion('no tools') }));

    await platform.callAi('/ai-query', { ...question, tools: ['describeCollection', 'list'] });
    await platform.callAi('/ai-query', { ...question, tools: [] });

    expect(platform.model.requests[0]?.body.tools?.map((tool) => tool.function.name)).toEqual([
      'describeCollection',
      'list',
    ]);
    expect(platform.model.requests[1]?.body.tools).toBeUndefined();
  });

  test('streams the final answer as chat-completion chunks', async () => {
    const response = await platform.callAi('/ai-query', { ...question, stream: true });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.replace(/^data: /, '')));
    expect(chunks[0].choices[0].delta.content).toContain('Received:');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
  });

  test('forwards the provider stream as it comes when no tool is offered', async () => {
    platform.model.answerWith(() => ({ body: completion('Hello there') }));

    const response = await platform.callAi('/ai-query', { ...question, tools: [], stream: true });

    expect(response.status).toBe(200);
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.replace(/^data: /, '')));
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Hello there');
    expect(chunks.length).toBeGreaterThan(2);
  });

  test('answers a provider refusing a stream with its status before any event', async () => {
    platform.model.answerWith(() => ({
      status: 404,
      body: { error: { message: 'The model gpt-test does not exist' } },
    }));

    const response = await platform.callAi('/ai-query', { ...question, tools: [], stream: true });

    expect(response.status).toBe(404);
    expect((await answerOf(response)).errors?.[0]?.name).toBe('AiModelNotFoundError');
  });

  test('refuses an invalid body with 400 and a body over 1 MB with 413', async () => {
    const invalid = await platform.callAi('/ai-query', { messages: [] });
    const tooLarge = await platform.callAi('/ai-query', {
      messages: [{ role: 'user', content: 'x'.repeat(1_100_000) }],
    });
    const unknownTool = await platform.callAi('/ai-query', { ...question, tools: ['shell'] });

    expect(invalid.status).toBe(400);
    expect((await answerOf(invalid)).errors?.[0]?.name).toBe('ValidationError');
    expect(tooLarge.status).toBe(413);
    expect(unknownTool.status).toBe(400);
    expect(platform.model.requests).toHaveLength(0);
  });

  test('refuses an unauthenticated request with 401', async () => {
    const response = await fetch(`${platform.url}/_internal/ai-proxy/ai-query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(question),
    });

    expect(response.status).toBe(401);
    expect(platform.model.requests).toHaveLength(0);
  });

  test('answers a provider 429 with 429 and its Retry-After, without the key anywhere', async () => {
    platform.model.answerWith(() => ({
      status: 429,
      headers: { 'retry-after': '7' },
      body: { error: { message: `Rate limit reached for key ${API_KEY}`, type: 'rate_limit_error' } },
    }));

    const response = await platform.callAi('/ai-query', question);

    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    const text = await response.text();
    expect(JSON.parse(text).errors[0]).toMatchObject({ name: 'AiRateLimitError', status: 429 });
    expect(platform.model.requests[0]?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(text).not.toContain(API_KEY);
    expect(platform.logLines().length).toBeGreaterThan(0);
    for (const line of platform.logLines()) expect(line).not.toContain(API_KEY);
  });

  test('answers a provider refusing the key with 401, without the key anywhere', async () => {
    platform.model.answerWith(() => ({
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${API_KEY}`, type: 'invalid_request_error' } },
    }));

    const response = await platform.callAi('/ai-query', question);

    expect(response.status).toBe(401);
    const text = await response.text();
    expect(JSON.parse(text).errors[0].name).toBe('AiAuthenticationError');
    expect(text).not.toContain(API_KEY);
    for (const line of platform.logLines()) expect(line).not.toContain(API_KEY);
  });
});
