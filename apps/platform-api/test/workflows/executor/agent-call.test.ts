import { createServer } from 'node:net';
import { describeEachDatabase } from '../../helpers/test-context';
import { type ExecutorWorld, startExecutorWorld } from './executor-world';

/** A port nothing listens on: one the system just gave out, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** How a step's agent call is timed, retried, and reported, against a real agent. */
describeEachDatabase('agent calls of workflow steps', (kind) => {
  let world: ExecutorWorld;
  beforeAll(async () => {
    world = await startExecutorWorld(kind);
    await world.startWorker({ stepRetries: 2 });
  });
  afterAll(() => world?.close());
  beforeEach(() => {
    world.agentCalls.length = 0;
    world.actionCalls.length = 0;
  });

  test('a 5xx is retried, and the run succeeds once the agent answers', async () => {
    world.control.flakyFailures = 2;
    const runId = await world.queueRun([{ kind: 'action', action: 'Flaky' }], '1');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Succeeded');
    expect(run.steps[0]?.attempts).toBe(3);
    expect(world.actionCalls.map((call) => call.action)).toEqual(['Flaky', 'Flaky', 'Flaky']);
  });

  test('a 5xx on every attempt fails the step after the last retry, with the status', async () => {
    world.control.flakyFailures = 10;
    const runId = await world.queueRun([{ kind: 'action', action: 'Flaky' }], '1');

    const run = await world.finishedRun(runId);
    world.control.flakyFailures = 0;

    expect(run.status).toBe('Failed');
    expect(run.steps[0]?.attempts).toBe(3);
    expect(run.error).toMatch(/^Step 1 \(action\) failed: The agent answered 500.* \(3 attempts\)$/);
    expect(world.actionCalls).toHaveLength(3);
  });

  test("a 4xx is not retried, and the step says the agent's message", async () => {
    const runId = await world.queueRun([{ kind: 'action', action: 'Refuse' }], '1');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(run.steps[0]).toMatchObject({
      status: 'Failed',
      attempts: 1,
      error: 'The agent answered 400 (This order cannot be refunded.)',
    });
    expect(world.actionCalls).toHaveLength(1);
  });

  test("a call slower than the step's timeoutMs is cut, retried, then fails the step", async () => {
    world.control.slowMs = 2_000;
    const runId = await world.queueRun([{ kind: 'action', action: 'Slow', timeoutMs: 200 }], '1');

    const run = await world.finishedRun(runId);
    world.control.slowMs = 0;

    expect(run.status).toBe('Failed');
    expect(run.steps[0]?.error).toBe(
      'The agent did not answer POST /_actions/orders/3/slow within 200 ms (3 attempts)',
    );
    expect(world.agentCalls).toHaveLength(3);
  });

  test('an agent that cannot be reached fails the step after the retries, naming the URL', async () => {
    const { prisma } = world.platform.context;
    const environmentId = world.platform.world.environment.id;
    const closedUrl = `http://127.0.0.1:${await closedPort()}`;
    await prisma.environment.update({ where: { id: environmentId }, data: { agentUrl: closedUrl } });
    try {
      const runId = await world.queueRun([{ kind: 'read' }], '1');

      const run = await world.finishedRun(runId);

      expect(run.status).toBe('Failed');
      expect(run.steps[0]?.error).toBe(
        `The agent could not be reached at ${closedUrl}/platform/orders/1 (ECONNREFUSED) (3 attempts)`,
      );
      expect(world.agentCalls).toHaveLength(3);
    } finally {
      await prisma.environment.update({ where: { id: environmentId }, data: { agentUrl: world.agentOrigin } });
    }
  });

  test('a user no longer in a team rendering the environment fails the run before any call', async () => {
    const runId = await world.queueRun([{ kind: 'read' }], '1', { user: world.platform.world.outsider });

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(run.error).toMatch(/^Step 1 \(read\) failed: User \d+ may not use environment production/);
    expect(world.agentCalls).toEqual([]);
  });
});
