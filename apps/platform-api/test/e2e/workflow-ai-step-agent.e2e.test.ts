import { describeEachDatabase } from '../helpers/test-context';
import { type AiProviderOfAgent, type ExecutorWorld, startExecutorWorld } from '../workflows/executor/executor-world';

type ChatRequest = Parameters<AiProviderOfAgent['complete']>[0];

/** A provider error as `@platform/ai-proxy` throws it: the agent recognizes it by `kind`. */
class FakeProviderError extends Error {
  constructor(
    override readonly name: string,
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The `ai` step against the agent's real AI route (`agent.addAi`) over a fake provider: the
 * request the executor builds passes the route's validation, and provider errors come back
 * with their status.
 */
describeEachDatabase('the ai workflow step through agent.addAi', (kind) => {
  let world: ExecutorWorld;
  const provider = {
    requests: [] as ChatRequest[],
    next: [] as (string | Error)[],
  };
  const fakeProvider: AiProviderOfAgent = {
    name: 'default',
    provider: 'openai',
    model: 'fake-model',
    async complete(request) {
      provider.requests.push(request);
      const next = provider.next.shift() ?? 'ok';
      if (next instanceof Error) throw next;
      return {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 0,
        model: 'fake-model',
        choices: [{ index: 0, message: { role: 'assistant', content: next }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
      } as Awaited<ReturnType<AiProviderOfAgent['complete']>>;
    },
    stream() {
      throw new Error('not used by the ai step');
    },
  };

  beforeAll(async () => {
    world = await startExecutorWorld(kind, { ai: fakeProvider });
    await world.startWorker({ stepRetries: 1 });
  });
  afterAll(() => world?.close());
  beforeEach(() => {
    provider.requests.length = 0;
    provider.next.length = 0;
  });

  test('the rendered prompt and schema reach the provider without tools, and the answer is saved', async () => {
    provider.next.push('7');
    const schema = { type: 'number' };
    const runId = await world.queueRun(
      [
        { kind: 'read', fields: ['status'] },
        { kind: 'ai', system: 'Be brief.', prompt: 'Order {{id}} is {{status}}.', schema, saveAs: { field: 'amount' } },
      ],
      '1',
    );

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Succeeded');
    expect(world.readOrder(1).amount).toBe(7);
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]).toMatchObject({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Order 1 is pending.' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema } },
    });
    expect(provider.requests[0]?.tools).toBeUndefined();
  });

  test("a provider's refusal fails the step with its name and message, without retry", async () => {
    provider.next.push(new FakeProviderError('AiBadRequestError', 'bad_request', 'The prompt is too long.'));
    const runId = await world.queueRun([{ kind: 'ai', prompt: 'Hello', saveAs: { note: true } }], '2');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(provider.requests).toHaveLength(1);
    expect(run.steps[0]?.error).toBe('The agent answered 400 (AiBadRequestError: The prompt is too long.)');
  });

  test('a provider that is down is retried, then fails the step with the attempts made', async () => {
    const down = () => new FakeProviderError('AiProviderUnavailableError', 'provider_unavailable', 'Overloaded.');
    provider.next.push(down(), down());
    const runId = await world.queueRun([{ kind: 'ai', prompt: 'Hello', saveAs: { note: true } }], '2');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(provider.requests).toHaveLength(2);
    expect(run.steps[0]?.error).toBe('The agent answered 503 (AiProviderUnavailableError: Overloaded.) (2 attempts)');
  });
});
