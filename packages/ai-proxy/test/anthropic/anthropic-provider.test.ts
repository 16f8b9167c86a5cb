import { DEFAULT_ANTHROPIC_MAX_TOKENS } from '@platform/ai-proxy';
import { anthropicSse, type FakeProviderServer, startFakeProviderServer } from '../factories/fake-provider-server';
import { collect, makeProvider, TEST_API_KEY } from '../factories/make-provider';
import { anthropicMessage, anthropicToolStreamEvents } from '../factories/provider-replies';

describe('anthropic provider', () => {
  let server: FakeProviderServer;
  beforeEach(async () => {
    server = await startFakeProviderServer();
  });
  afterEach(() => server.close());

  test('sends a Messages request with the key, the default model and a default max_tokens', async () => {
    server.reply({ json: anthropicMessage() });

    await makeProvider('anthropic', server).complete({ messages: [{ role: 'user', content: 'Hi' }] });

    const [request] = server.requests;
    expect(request?.path).toBe('/v1/messages');
    // This SDK version sends the API key as a bearer token.
    expect(request?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    expect(request?.body).toEqual({
      model: 'claude-test',
      max_tokens: DEFAULT_ANTHROPIC_MAX_TOKENS,
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });

  test('converts a text answer, its stop reason and its usage', async () => {
    server.reply({ json: anthropicMessage() });

    const answer = await makeProvider('anthropic', server).complete({ messages: [{ role: 'user', content: 'Hi' }] });

    expect(answer).toMatchObject({
      id: 'msg_1',
      object: 'chat.completion',
      model: 'claude-test',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello!' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 },
    });
  });

  test.each([
    ['end_turn', 'stop'],
    ['max_tokens', 'length'],
    ['tool_use', 'tool_calls'],
    ['stop_sequence', 'stop'],
    ['refusal', 'content_filter'],
  ])('maps the stop reason %s to the finish reason %s', async (stopReason, finishReason) => {
    server.reply({ json: anthropicMessage({ stop_reason: stopReason }) });

    const answer = await makeProvider('anthropic', server).complete({ messages: [{ role: 'user', content: 'Hi' }] });

    expect(answer.choices[0]?.finish_reason).toBe(finishReason);
  });

  test('returns tool calls with the ids Anthropic gave them', async () => {
    server.reply({
      json: anthropicMessage({
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'list', input: { collection: 'books' } },
          { type: 'tool_use', id: 'toolu_2', name: 'count', input: {} },
        ],
        stop_reason: 'tool_use',
      }),
    });

    const answer = await makeProvider('anthropic', server).complete({
      messages: [{ role: 'user', content: 'Books?' }],
    });

    expect(answer.choices[0]?.message).toMatchObject({
      content: 'Looking.',
      tool_calls: [
        { id: 'toolu_1', type: 'function', function: { name: 'list', arguments: '{"collection":"books"}' } },
        { id: 'toolu_2', type: 'function', function: { name: 'count', arguments: '{}' } },
      ],
    });
  });

  test('converts system messages, tool calls, tool results and tools of a round trip', async () => {
    server.reply({ json: anthropicMessage() });

    await makeProvider('anthropic', server).complete({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }] },
        { role: 'user', content: 'Books?' },
        {
          role: 'assistant',
          content: 'Looking.',
          tool_calls: [
            { id: 'toolu_1', type: 'function', function: { name: 'list', arguments: '{"collection":"books"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'toolu_1', content: '[{"id":1}]' },
        { role: 'user', content: 'And?' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'list', description: 'Lists records', parameters: { type: 'object', properties: {} } },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'list' } },
      parallel_tool_calls: false,
      max_tokens: 99,
      temperature: 0.5,
      stop: 'END',
    });

    expect(server.requests[0]?.body).toEqual({
      model: 'claude-test',
      max_tokens: 99,
      system: 'Be brief.\n\nUse tools.',
      messages: [
        { role: 'user', content: 'Books?' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Looking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'list', input: { collection: 'books' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '[{"id":1}]' },
            { type: 'text', text: 'And?' },
          ],
        },
      ],
      tools: [{ name: 'list', description: 'Lists records', input_schema: { type: 'object', properties: {} } }],
      tool_choice: { type: 'tool', name: 'list', disable_parallel_tool_use: true },
      temperature: 0.5,
      stop_sequences: ['END'],
    });
  });

  test.each([
    ['auto', { type: 'auto' }],
    ['required', { type: 'any' }],
    ['none', { type: 'none' }],
  ] as const)('maps tool_choice %s', async (toolChoice, expected) => {
    server.reply({ json: anthropicMessage() });

    await makeProvider('anthropic', server).complete({
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ type: 'function', function: { name: 'list' } }],
      tool_choice: toolChoice,
    });

    expect(server.requests[0]?.body.tool_choice).toEqual(expected);
  });

  test('rejects tool-call arguments that are not a JSON object without calling the provider', async () => {
    const call = makeProvider('anthropic', server).complete({
      messages: [
        {
          role: 'assistant',
          tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'list', arguments: '{oops' } }],
        },
      ],
    });

    await expect(call).rejects.toMatchObject({
      name: 'AiBadRequestError',
      message: expect.stringContaining('toolu_1'),
    });
    expect(server.requests).toHaveLength(0);
  });

  test('answers a json_schema request through a forced tool and returns its input as the content', async () => {
    server.reply({
      json: anthropicMessage({
        content: [{ type: 'tool_use', id: 'toolu_9', name: 'verdict', input: { ok: true } }],
        stop_reason: 'tool_use',
      }),
    });
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } };

    const answer = await makeProvider('anthropic', server).complete({
      messages: [{ role: 'user', content: 'OK?' }],
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema } },
    });

    expect(server.requests[0]?.body).toMatchObject({
      tools: [{ name: 'verdict', input_schema: schema }],
      tool_choice: { type: 'tool', name: 'verdict' },
    });
    expect(answer.choices[0]?.message.content).toBe('{"ok":true}');
    expect(answer.choices[0]?.message.tool_calls).toBeUndefined();
    expect(answer.choices[0]?.finish_reason).toBe('stop');
  });

  test('asks for a json_schema answer by instruction when the request has tools of its own', async () => {
    server.reply({ json: anthropicMessage() });

    await makeProvider('anthropic', server).complete({
      messages: [{ role: 'user', content: 'OK?' }],
      tools: [{ type: 'function', function: { name: 'list' } }],
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema: { type: 'object' } } },
    });

    const body = server.requests[0]?.body;
    expect(body?.tools).toEqual([{ name: 'list', input_schema: { type: 'object', properties: {} } }]);
    expect(body?.tool_choice).toBeUndefined();
    expect(body?.system).toContain('{"type":"object"}');
  });

  test('asks for a json_object answer by instruction', async () => {
    server.reply({ json: anthropicMessage() });

    await makeProvider('anthropic', server).complete({
      messages: [{ role: 'user', content: 'OK?' }],
      response_format: { type: 'json_object' },
    });

    expect(server.requests[0]?.body.system).toContain('JSON object');
  });

  test('sends data URL images as base64 sources and other URLs as URL sources', async () => {
    server.reply({ json: anthropicMessage() });

    await makeProvider('anthropic', server).complete({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
            { type: 'text', text: 'Same cat?' },
          ],
        },
      ],
    });

    expect(server.requests[0]?.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          { type: 'text', text: 'Same cat?' },
        ],
      },
    ]);
  });

  test('streams text and tool-call arguments as chat-completion chunks', async () => {
    server.reply({ sse: anthropicSse(anthropicToolStreamEvents()) });

    const chunks = await collect(
      makeProvider('anthropic', server).stream({
        messages: [{ role: 'user', content: 'Books?' }],
        stream_options: { include_usage: true },
      }),
    );

    expect(server.requests[0]?.body).toMatchObject({ stream: true });
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.every((chunk) => chunk.id === 'msg_1' && chunk.object === 'chat.completion.chunk')).toBe(true);
    const deltas = chunks.map((chunk) => chunk.choices[0]?.delta);
    expect(deltas.map((delta) => delta?.content ?? '').join('')).toBe('Let me look.');
    const calls = deltas.flatMap((delta) => delta?.tool_calls ?? []);
    expect(calls[0]).toEqual({ index: 0, id: 'toolu_42', type: 'function', function: { name: 'list', arguments: '' } });
    expect(calls.map((call) => call.function?.arguments).join('')).toBe('{"collection":"books"}');
    expect(calls.every((call) => call.index === 0)).toBe(true);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('tool_calls');
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 20, completion_tokens: 15, total_tokens: 35 },
    });
  });

  test('streams the answer of a json_schema request as content', async () => {
    server.reply({
      sse: anthropicSse([
        { type: 'message_start', message: anthropicMessage({ content: [], stop_reason: null }) },
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 'toolu_9', name: 'verdict', input: {} },
        },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"ok":' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: 'true}' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 5 } },
        { type: 'message_stop' },
      ]),
    });

    const chunks = await collect(
      makeProvider('anthropic', server).stream({
        messages: [{ role: 'user', content: 'OK?' }],
        response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema: { type: 'object' } } },
      }),
    );

    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('{"ok":true}');
    expect(chunks.some((chunk) => chunk.choices[0]?.delta.tool_calls)).toBe(false);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
  });
});
