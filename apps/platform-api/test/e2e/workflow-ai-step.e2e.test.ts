import express from 'express';
import { issueToken } from '../factories/token-factory';
import { seedWorkflow } from '../factories/workflow-factory';
import { describeEachDatabase } from '../helpers/test-context';
import { type ExecutorWorld, startExecutorWorld } from '../workflows/executor/executor-world';

const AI_PATH = '/platform/_internal/ai-proxy/ai-query';

interface AiReply {
  readonly status: number;
  readonly body: unknown;
}

const completion = (content: string): AiReply => ({
  status: 200,
  body: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
  },
});
const providerError = (status: number, name: string, detail: string): AiReply => ({
  status,
  body: { errors: [{ name, detail, status }] },
});

/**
 * The `ai` step from the webhook to the record: a real agent (SQLite) mounted on the test's
 * Express app, beside a stand-in for its AI route (`agent.addAi`) that records what it received
 * and answers the replies queued by the test (a chat completion when none is queued).
 */
describeEachDatabase('the ai workflow step, end to end', (kind) => {
  let world: ExecutorWorld;
  const ai = {
    received: [] as { authorization: string | undefined; body: Record<string, unknown> }[],
    replies: [] as AiReply[],
    // True: the request passes on to the agent, which answers as one without addAi.
    isAbsent: false,
  };

  beforeAll(async () => {
    world = await startExecutorWorld(kind, {
      hostRoutes: (app) => {
        app.post(AI_PATH, express.json(), (req, res, next) => {
          if (ai.isAbsent) return next();
          ai.received.push({ authorization: req.headers.authorization, body: req.body });
          const reply = ai.replies.shift() ?? completion('ok');
          res.status(reply.status).json(reply.body);
        });
      },
    });
    await world.startWorker({ stepRetries: 2 });
  });
  afterAll(() => world?.close());
  beforeEach(() => {
    ai.received.length = 0;
    ai.replies.length = 0;
    ai.isAbsent = false;
  });

  test('a webhook run sends the rendered prompt as the run user and saves the answer to a field', async () => {
    const { context, world: seeded } = world.platform;
    const { path } = await seedWorkflow(context, {
      environment: seeded.environment,
      team: seeded.team,
      collection: 'orders',
      steps: [
        { kind: 'read', fields: ['status', 'amount', 'customer'] },
        {
          kind: 'ai',
          system: 'You classify orders of {{customer}}.',
          prompt: 'Order {{id}} is {{status}} for {{amount}}: one word?',
          saveAs: { field: 'status' },
        },
      ],
      trigger: { rateLimitPerMinute: 1000 },
    });
    ai.replies.push(completion('reviewed'));
    const token = (await issueToken(context, seeded.project, seeded.member)).value;

    const response = await fetch(`${world.platform.serverUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ record_id: '1' }),
    });
    expect(response.status).toBe(202);
    const run = await world.finishedRun(((await response.json()) as { runId: string }).runId);

    expect(run.status).toBe('Succeeded');
    expect(world.readOrder(1).status).toBe('reviewed');
    expect(ai.received).toHaveLength(1);
    expect(ai.received[0]?.authorization).toMatch(/^Bearer \S+$/);
    expect(ai.received[0]?.body).toEqual({
      messages: [
        { role: 'system', content: 'You classify orders of Ada <ada@example.com>.' },
        { role: 'user', content: 'Order 1 is pending for 10: one word?' },
      ],
      tools: [],
    });
    expect(run.steps[1]).toMatchObject({
      status: 'Succeeded',
      attempts: 2,
      output: { answer: 'reviewed', field: 'status', model: 'fake-model', record: { status: 'reviewed' } },
    });
  });

  test('saveAs note writes the answer, HTML-escaped, as a note on the record', async () => {
    ai.replies.push(completion('Ship <today> & call.'));
    const runId = await world.queueRun(
      [
        { kind: 'read', fields: ['customer'] },
        { kind: 'ai', prompt: 'Advice for {{customer}}?', saveAs: { note: true } },
      ],
      '3',
    );

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Succeeded');
    expect(ai.received[0]?.body.messages).toEqual([{ role: 'user', content: 'Advice for Alan?' }]);
    const { context, world: seeded } = world.platform;
    const note = await context.prisma.note.findFirstOrThrow({
      where: { environmentId: seeded.environment.id, recordId: '3' },
      include: { messages: true },
    });
    expect(note.messages[0]?.content).toBe('Ship &lt;today&gt; &amp; call.');
    expect(run.steps[1]?.output).toMatchObject({ answer: 'Ship <today> & call.', noteId: note.id });
  });

  test('with a schema, the request asks for JSON and the parsed answer is saved', async () => {
    ai.replies.push(completion('42'));
    const schema = { type: 'number', minimum: 0 };
    const runId = await world.queueRun([{ kind: 'ai', prompt: 'A score', schema, saveAs: { field: 'amount' } }], '2');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Succeeded');
    expect(ai.received[0]?.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema },
    });
    expect(world.readOrder(2).amount).toBe(42);
    expect(run.steps[0]?.output).toMatchObject({ answer: 42 });
  });

  test('with a schema, an answer that is not JSON fails the step and saves nothing', async () => {
    ai.replies.push(completion('About forty'));
    const runId = await world.queueRun(
      [{ kind: 'ai', prompt: 'A score', schema: { type: 'number' }, saveAs: { field: 'amount' } }],
      '3',
    );

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(run.steps[0]?.error).toBe('The AI\'s answer is not JSON although the step gives a schema: "About forty".');
    expect(run.error).toBe(`Step 1 (ai) failed: ${run.steps[0]?.error}`);
    expect(world.readOrder(3).amount).toBe(30);
  });

  test('an agent without addAi fails the step, saying to call agent.addAi', async () => {
    ai.isAbsent = true;
    const runId = await world.queueRun([{ kind: 'ai', prompt: 'Hello', saveAs: { note: true } }], '1');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(run.steps[0]).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run.steps[0]?.error).toBe(
      `The agent of environment ${world.platform.world.environment.name} serves no AI route: call agent.addAi(provider) in its code.`,
    );
  });

  test("a provider's 404 (unknown model) is reported as such, not as a missing route", async () => {
    ai.replies.push(providerError(404, 'AiModelNotFoundError', "The model 'gpt-x' does not exist."));
    const runId = await world.queueRun([{ kind: 'ai', prompt: 'Hello', saveAs: { note: true } }], '1');

    const run = await world.finishedRun(runId);

    expect(run.steps[0]?.error).toBe(
      "The agent answered 404 (AiModelNotFoundError: The model 'gpt-x' does not exist.)",
    );
  });

  test('a 4xx of the AI route fails the step at once, without retry', async () => {
    ai.replies.push(providerError(400, 'AiBadRequestError', 'max_tokens is too large'), completion('never sent'));
    const runId = await world.queueRun([{ kind: 'ai', prompt: 'Hello', saveAs: { note: true } }], '1');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(ai.received).toHaveLength(1);
    expect(run.steps[0]).toMatchObject({
      attempts: 1,
      error: 'The agent answered 400 (AiBadRequestError: max_tokens is too large)',
    });
  });

  test('a 5xx of the AI route is retried, and the run succeeds once the provider answers', async () => {
    ai.replies.push(
      providerError(503, 'AiProviderUnavailableError', 'The provider is down.'),
      providerError(504, 'AiTimeoutError', 'The provider did not answer in time.'),
      completion('late but fine'),
    );
    const runId = await world.queueRun([{ kind: 'ai', prompt: 'Hello', saveAs: { note: true } }], '1');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Succeeded');
    expect(ai.received).toHaveLength(3);
    expect(run.steps[0]).toMatchObject({ attempts: 3, output: { answer: 'late but fine' } });
  });

  test('placeholders without a read step fail before calling the AI', async () => {
    const runId = await world.queueRun([{ kind: 'ai', prompt: 'Status {{status}}?', saveAs: { note: true } }], '1');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(run.steps[0]?.error).toMatch(/put a read step before it/);
    expect(ai.received).toHaveLength(0);
  });
});
