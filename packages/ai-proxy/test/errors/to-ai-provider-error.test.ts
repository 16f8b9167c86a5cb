import { type AiProviderKind, statusOfAiError } from '@platform/ai-proxy';
import {
  anthropicSse,
  type FakeProviderServer,
  type FakeReply,
  startFakeProviderServer,
} from '../factories/fake-provider-server';
import { collect, makeProvider } from '../factories/make-provider';
import { anthropicErrorBody, anthropicMessage, openAiErrorBody } from '../factories/provider-replies';

function errorReply(
  kind: AiProviderKind,
  status: number,
  message: string,
  headers?: Record<string, string>,
): FakeReply {
  const json = kind === 'openai' ? openAiErrorBody(message) : anthropicErrorBody('api_error', message);
  return { status, json, ...(headers ? { headers } : {}) };
}

async function failureOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected the call to fail');
}

const request = { messages: [{ role: 'user' as const, content: 'Hi' }] };

describe.each(['openai', 'anthropic'] as const)('errors of the %s provider', (kind) => {
  let server: FakeProviderServer;
  beforeEach(async () => {
    server = await startFakeProviderServer();
  });
  afterEach(() => server.close());

  test.each([
    [400, 'AiBadRequestError', 400],
    [422, 'AiBadRequestError', 400],
    [401, 'AiAuthenticationError', 401],
    [403, 'AiPermissionDeniedError', 403],
    [404, 'AiModelNotFoundError', 404],
    [429, 'AiRateLimitError', 429],
    [500, 'AiProviderFailedError', 502],
    [502, 'AiProviderFailedError', 502],
    [503, 'AiProviderUnavailableError', 503],
    [529, 'AiProviderUnavailableError', 503],
    [504, 'AiTimeoutError', 504],
  ])('a %s from the provider throws %s, answered with %s', async (providerStatus, name, status) => {
    server.reply(errorReply(kind, providerStatus, 'something is off'));

    const error = await failureOf(makeProvider(kind, server).complete(request));

    expect(error.name).toBe(name);
    expect(error.providerName).toBe(`${kind}-test`);
    expect(statusOfAiError(error)).toBe(status);
  });

  test('a bad request keeps the provider message', async () => {
    server.reply(errorReply(kind, 400, "'temperature' is out of range"));

    const error = await failureOf(makeProvider(kind, server).complete(request));

    expect(error.message).toContain("'temperature' is out of range");
    expect(error.message).not.toMatch(/\b400\b/);
  });

  test('a rate limit keeps the Retry-After of the provider, in seconds', async () => {
    server.reply(errorReply(kind, 429, 'slow down', { 'retry-after': '17' }));

    const error = await failureOf(makeProvider(kind, server).complete(request));

    expect(error.name).toBe('AiRateLimitError');
    expect(error.retryAfter).toBe(17);
  });

  test('a rate limit without Retry-After has no retryAfter', async () => {
    server.reply(errorReply(kind, 429, 'slow down'));

    const error = await failureOf(makeProvider(kind, server).complete(request));

    expect(error.retryAfter).toBeUndefined();
  });

  test('a provider slower than timeoutMs throws a timeout, answered with 504', async () => {
    server.reply({ json: {}, delayMs: 2_000 });

    const error = await failureOf(makeProvider(kind, server, { timeoutMs: 100 }).complete(request));

    expect(error.name).toBe('AiTimeoutError');
    expect(statusOfAiError(error)).toBe(504);
  });

  test('an unreachable provider throws unavailable, answered with 503', async () => {
    const provider = makeProvider(kind, server);
    await server.close();

    const error = await failureOf(provider.complete(request));

    expect(error.name).toBe('AiProviderUnavailableError');
    expect(statusOfAiError(error)).toBe(503);
  });

  test('a stream the provider refuses throws the same errors', async () => {
    server.reply(errorReply(kind, 404, 'no such model'));

    const error = await failureOf(collect(makeProvider(kind, server).stream(request)));

    expect(error.name).toBe('AiModelNotFoundError');
    expect(statusOfAiError(error)).toBe(404);
  });

  test('an aborted call throws an abort error', async () => {
    server.reply({ json: {}, delayMs: 2_000 });
    const controller = new AbortController();

    const call = makeProvider(kind, server).complete(request, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failureOf(call);

    expect(error.name).toBe('AiRequestAbortedError');
  });
});

describe('a request the anthropic SDK refuses to send', () => {
  test('throws a bad request with the reason, without calling the provider', async () => {
    const server = await startFakeProviderServer();
    try {
      const provider = makeProvider('anthropic', server);

      const error = await failureOf(provider.complete({ ...request, max_tokens: 100_000 }));

      expect(error.name).toBe('AiBadRequestError');
      expect(error.message).toContain('Streaming is required');
      expect(statusOfAiError(error)).toBe(400);
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});

describe('statusOfAiError', () => {
  test('answers 500 for anything that is not an AI provider error', () => {
    expect(statusOfAiError(new Error('boom'))).toBe(500);
    expect(statusOfAiError('boom')).toBe(500);
    expect(statusOfAiError(Object.assign(new Error('x'), { kind: 'toString' }))).toBe(500);
  });
});

describe('an error in the middle of an anthropic stream', () => {
  let server: FakeProviderServer;
  beforeEach(async () => {
    server = await startFakeProviderServer();
  });
  afterEach(() => server.close());

  test.each([
    ['overloaded_error', 'AiProviderUnavailableError', 503],
    ['api_error', 'AiProviderFailedError', 502],
    ['rate_limit_error', 'AiRateLimitError', 429],
  ])('of type %s throws %s after the chunks already sent', async (type, name, status) => {
    server.reply({
      sse: anthropicSse([
        { type: 'message_start', message: anthropicMessage({ content: [], stop_reason: null }) },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Half' } },
        anthropicErrorBody(type, 'the model stopped'),
      ]),
    });
    const received: string[] = [];

    const error = await failureOf(
      (async () => {
        for await (const chunk of makeProvider('anthropic', server).stream(request))
          received.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    );

    expect(received.join('')).toBe('Half');
    expect(error.name).toBe(name);
    expect(error.message).toContain('the model stopped');
    expect(statusOfAiError(error)).toBe(status);
  });
});
