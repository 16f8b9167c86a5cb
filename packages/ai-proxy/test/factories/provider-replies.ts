/** Replies of the two real APIs, as small factories whose defaults each test overrides. */

export function openAiCompletion(overrides: Record<string, unknown> = {}) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-test',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: 'Hello!', refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
    ...overrides,
  };
}

export function openAiChunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'gpt-test',
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  };
}

export function anthropicMessage(overrides: Record<string, unknown> = {}) {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [{ type: 'text', text: 'Hello!' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 11, output_tokens: 4 },
    ...overrides,
  };
}

/** The events of a streamed Anthropic answer: some text, then one tool call with split arguments. */
export function anthropicToolStreamEvents() {
  return [
    {
      type: 'message_start',
      message: {
        ...anthropicMessage({ content: [], stop_reason: null }),
        usage: { input_tokens: 20, output_tokens: 1 },
      },
    },
    { type: 'ping' },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me ' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'look.' } },
    { type: 'content_block_stop', index: 0 },
    {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'toolu_42', name: 'list', input: {} },
    },
    { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"collection":' } },
    { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"books"}' } },
    { type: 'content_block_stop', index: 1 },
    { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 15 } },
    { type: 'message_stop' },
  ];
}

export function anthropicErrorBody(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}

export function openAiErrorBody(message: string, code: string | null = null) {
  return { error: { message, type: 'invalid_request_error', param: null, code } };
}
