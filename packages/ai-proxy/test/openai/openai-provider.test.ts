import { type FakeProviderServer, openAiSse, startFakeProviderServer } from '../factories/fake-provider-server';
import { collect, makeProvider, TEST_API_KEY } from '../factories/make-provider';
import { openAiChunk, openAiCompletion } from '../factories/provider-replies';

describe('openai provider', () => {
  let server: FakeProviderServer;
  beforeEach(async () => {
    server = await startFakeProviderServer();
  });
  afterEach(() => server.close());

  test('sends the request as it is, with the default model and the key as a bearer token', async () => {
    server.reply({ json: openAiCompletion() });
    const provider = makeProvider('openai', server, { organization: 'org-1', headers: { 'x-gateway': 'yes' } });

    await provider.complete({ messages: [{ role: 'user', content: 'Hi' }], temperature: 0.2, max_tokens: 50 });

    const [request] = server.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.body).toEqual({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Hi' }],
      temperature: 0.2,
      max_tokens: 50,
    });
    expect(request?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    expect(request?.headers['openai-organization']).toBe('org-1');
    expect(request?.headers['x-gateway']).toBe('yes');
  });

  test('returns the chat completion of the provider', async () => {
    server.reply({ json: openAiCompletion() });

    const answer = await makeProvider('openai', server).complete({ messages: [{ role: 'user', content: 'Hi' }] });

    expect(answer.choices[0]?.message.content).toBe('Hello!');
    expect(answer.usage).toEqual({ prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 });
  });

  test('passes tools, tool choice and tool results through, and returns tool calls with their ids', async () => {
    const toolCall = {
      id: 'call_7',
      type: 'function',
      function: { name: 'list', arguments: '{"collection":"books"}' },
    };
    server.reply({
      json: openAiCompletion({
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: null, tool_calls: [toolCall] },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    });
    const tools = [{ type: 'function' as const, function: { name: 'list', parameters: { type: 'object' } } }];
    const messages = [
      { role: 'system' as const, content: 'Be brief.' },
      { role: 'user' as const, content: 'Books?' },
      { role: 'assistant' as const, content: null, tool_calls: [{ ...toolCall, type: 'function' as const }] },
      { role: 'tool' as const, tool_call_id: 'call_7', content: '[]' },
    ];

    const answer = await makeProvider('openai', server).complete({
      messages,
      tools,
      tool_choice: 'required',
      parallel_tool_calls: false,
    });

    expect(server.requests[0]?.body).toMatchObject({
      messages,
      tools,
      tool_choice: 'required',
      parallel_tool_calls: false,
    });
    expect(answer.choices[0]?.message.tool_calls).toEqual([toolCall]);
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
  });

  test('streams chunks, tool-call arguments included', async () => {
    server.reply({
      sse: openAiSse([
        openAiChunk({ role: 'assistant', content: '' }),
        openAiChunk({
          tool_calls: [{ index: 0, id: 'call_7', type: 'function', function: { name: 'list', arguments: '' } }],
        }),
        openAiChunk({ tool_calls: [{ index: 0, function: { arguments: '{"collection":' } }] }),
        openAiChunk({ tool_calls: [{ index: 0, function: { arguments: '"books"}' } }] }),
        openAiChunk({}, 'tool_calls'),
      ]),
    });

    const chunks = await collect(
      makeProvider('openai', server).stream({ messages: [{ role: 'user', content: 'Books?' }] }),
    );

    expect(server.requests[0]?.body).toMatchObject({ stream: true, model: 'gpt-test' });
    const calls = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(calls[0]?.id).toBe('call_7');
    expect(calls.map((call) => call.function?.arguments).join('')).toBe('{"collection":"books"}');
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
  });

  test('a request naming a model overrides the default one', async () => {
    server.reply({ json: openAiCompletion() });

    await makeProvider('openai', server).complete({ model: 'gpt-other', messages: [{ role: 'user', content: 'Hi' }] });

    expect(server.requests[0]?.body.model).toBe('gpt-other');
  });

  test('rejects an invalid request without calling the provider', async () => {
    const provider = makeProvider('openai', server);

    const call = provider.complete({ messages: [] });

    await expect(call).rejects.toMatchObject({
      name: 'AiBadRequestError',
      message: expect.stringContaining('messages'),
    });
    expect(server.requests).toHaveLength(0);
  });
});
