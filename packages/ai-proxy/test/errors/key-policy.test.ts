import { inspect } from 'node:util';
import { type AiProviderKind, statusOfAiError } from '@platform/ai-proxy';
import { type FakeProviderServer, startFakeProviderServer } from '../factories/fake-provider-server';
import { collect, makeProvider, TEST_API_KEY } from '../factories/make-provider';
import { anthropicErrorBody, anthropicMessage, openAiCompletion, openAiErrorBody } from '../factories/provider-replies';

const request = { messages: [{ role: 'user' as const, content: 'Hi' }] };

/** Everything an edge could show or log of an error: its message, its cause chain, its JSON. */
function everythingOf(error: unknown): string {
  const causes: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause)
    causes.push(`${current.name}: ${current.message}`);
  return [...causes, JSON.stringify(error), inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true })].join(
    '\n',
  );
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe.each(['openai', 'anthropic'] as const)('the API key of the %s provider', (kind: AiProviderKind) => {
  let server: FakeProviderServer;
  beforeEach(async () => {
    server = await startFakeProviderServer();
  });
  afterEach(() => server.close());

  const echoing = (message: string) =>
    kind === 'openai' ? openAiErrorBody(message) : anthropicErrorBody('invalid_request_error', message);

  test.each([400, 401, 403, 404, 429, 500, 503])(
    'is redacted from a %s error whose provider message echoes it',
    async (status) => {
      const echoed = `Key ${TEST_API_KEY} cannot do that`;
      server.reply({ status, json: echoing(echoed) });

      const error = await failureOf(makeProvider(kind, server).complete(request));

      expect(statusOfAiError(error)).not.toBe(500);
      const seen = everythingOf(error);
      expect(seen).toContain(status === 401 ? 'rejected the API key' : 'cannot do that');
      expect(seen).not.toContain(TEST_API_KEY);
    },
  );

  test('is absent from the edge body and the logs of a failed stream', async () => {
    server.reply({ status: 400, json: echoing(`bad key ${TEST_API_KEY}`) });
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 10 }))).join(' '));
      }),
    );

    try {
      const error = await failureOf(collect(makeProvider(kind, server).stream(request)));
      // What an edge does with it: log it, answer with its status and message.
      console.error('AI call failed', error);
      const body = JSON.stringify({ status: statusOfAiError(error), name: error.name, message: error.message });

      expect(logged.join('\n')).toContain('bad key');
      expect(body).toContain('bad key');
      expect(`${logged.join('\n')}\n${body}`).not.toContain(TEST_API_KEY);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('the SDK environment variables', () => {
  const names = [
    'OPENAI_API_KEY',
    'OPENAI_BASE_URL',
    'OPENAI_LOG',
    'ANTHROPIC_API_KEY',
    'ANTHROPIC_AUTH_TOKEN',
    'ANTHROPIC_BASE_URL',
    'ANTHROPIC_LOG',
  ];
  let server: FakeProviderServer;
  let saved: Record<string, string | undefined>;
  beforeEach(async () => {
    server = await startFakeProviderServer();
    saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    for (const name of names) process.env[name] = name.endsWith('_LOG') ? 'debug' : `from-env-${name}`;
  });
  afterEach(async () => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await server.close();
  });

  test.each([
    ['openai', openAiCompletion()],
    ['anthropic', anthropicMessage()],
  ] as const)('are ignored by the %s provider, which logs nothing', async (kind, reply) => {
    server.reply({ json: reply });
    const logSpy = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    const infoSpy = jest.spyOn(console, 'info').mockImplementation(() => undefined);

    try {
      await makeProvider(kind, server).complete(request);

      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
      expect(JSON.stringify(server.requests[0]?.headers)).not.toContain('from-env');
      expect(logSpy).not.toHaveBeenCalled();
      expect(infoSpy).not.toHaveBeenCalled();
    } finally {
      logSpy.mockRestore();
      infoSpy.mockRestore();
    }
  });
});
