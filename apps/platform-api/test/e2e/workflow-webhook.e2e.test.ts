import type { RunView } from '../../src/workflows/workflow-run-view';
import { issueToken } from '../factories/token-factory';
import { seedWorkflow } from '../factories/workflow-factory';
import { sleep } from '../helpers/sleep';
import { describeEachDatabase } from '../helpers/test-context';
import { type ExecutorWorld, startExecutorWorld } from '../workflows/executor/executor-world';

/**
 * The whole path an external system takes: POST the webhook URL with an application token, get
 * 202 and a run id, then follow the run on the public API while a worker executes it against a
 * real agent (SQLite) connected to platform-api, as the token's user.
 */
describeEachDatabase('workflow webhook, end to end with a real agent', (kind) => {
  let world: ExecutorWorld;
  let memberToken: string;

  const publish = (steps: Parameters<typeof seedWorkflow>[1]['steps'], collection = 'orders') =>
    seedWorkflow(world.platform.context, {
      environment: world.platform.world.environment,
      team: world.platform.world.team,
      collection,
      steps,
      trigger: { rateLimitPerMinute: 1000 },
    });
  const trigger = (path: string, recordId: string, token = memberToken) =>
    fetch(`${world.platform.serverUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ record_id: recordId }),
    });
  const follow = async (runId: string): Promise<RunView> => {
    const response = await fetch(`${world.platform.serverUrl}/v1/workflow-runs/${runId}`, {
      headers: { Authorization: `Bearer ${memberToken}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as RunView;
  };
  const followUntilFinished = async (runId: string): Promise<RunView> => {
    const startedAt = Date.now();
    for (;;) {
      const run = await follow(runId);
      if (run.status === 'succeeded' || run.status === 'failed' || Date.now() - startedAt > 20_000) return run;
      await sleep(50);
    }
  };

  beforeAll(async () => {
    world = await startExecutorWorld(kind);
    const { context, world: seeded } = world.platform;
    memberToken = (await issueToken(context, seeded.project, seeded.member)).value;
    await world.startWorker();
  });
  afterAll(() => world.close());

  test('a trigger answers 202 at once; the run then reads, updates and notes the record as the token user', async () => {
    const { path } = await publish([
      { kind: 'read', fields: ['status', 'amount'] },
      { kind: 'update', values: { status: 'paid' } },
      { kind: 'note', content: 'Order {{id}} was {{status}}.' },
    ]);
    expect(world.readOrder(1).status).toBe('pending');

    const response = await trigger(path, '1');
    expect(response.status).toBe(202);
    const { runId } = (await response.json()) as { runId: string };
    const run = await followUntilFinished(runId);

    expect(run).toMatchObject({ status: 'succeeded', recordId: '1' });
    expect(run.steps.map((step) => [step.kind, step.status])).toEqual([
      ['read', 'succeeded'],
      ['update', 'succeeded'],
      ['note', 'succeeded'],
    ]);
    expect(world.readOrder(1).status).toBe('paid');
    const { context, world: seeded } = world.platform;
    const note = await context.prisma.note.findFirstOrThrow({
      where: { environmentId: seeded.environment.id, recordId: '1' },
      include: { messages: true },
    });
    expect(note).toMatchObject({ userId: seeded.member.id, collectionName: 'orders' });
    // The update step's answer is the record as last known, so the note sees the new status.
    expect(note.messages[0]?.content).toBe('Order 1 was paid.');
    const activityOfRecord = () =>
      context.prisma.activityLog.findMany({
        where: { environmentId: seeded.environment.id, recordId: '1', action: { in: ['update', 'workflow.run'] } },
      });
    // The agent sends its activity in batches, every second.
    let activity = await activityOfRecord();
    for (const startedAt = Date.now(); activity.length < 2 && Date.now() - startedAt < 5_000; ) {
      await sleep(100);
      activity = await activityOfRecord();
    }
    expect(activity.map((entry) => entry.action).sort()).toEqual(['update', 'workflow.run']);
    expect(activity.every((entry) => entry.userId === seeded.member.id && entry.source === 'workflow')).toBe(true);
  });

  test('a run on a record that does not exist is accepted, then fails at its first data step', async () => {
    const { path } = await publish([
      { kind: 'note', content: 'Before any data step.' },
      { kind: 'read', fields: ['status'] },
      { kind: 'update', values: { status: 'paid' } },
    ]);

    const response = await trigger(path, '999');
    expect(response.status).toBe(202);
    const run = await followUntilFinished(((await response.json()) as { runId: string }).runId);

    expect(run.status).toBe('failed');
    expect(run.steps.map((step) => step.status)).toEqual(['succeeded', 'failed', 'skipped']);
    // The wording docs/workflows.md shows ("Following a run").
    const answer = "The agent answered 404 (NotFoundError: No record of 'orders' has the id '999'.)";
    expect(run.steps[1]?.error).toBe(answer);
    expect(run.error).toBe(`Step 2 (read) failed: ${answer}`);
  });

  test("a collection the token user may not read fails the run: the agent's permissions apply", async () => {
    const { path } = await publish([{ kind: 'read', fields: ['total'] }], 'invoices');

    const response = await trigger(path, '1');
    expect(response.status).toBe(202);
    const run = await followUntilFinished(((await response.json()) as { runId: string }).runId);

    expect(run.status).toBe('failed');
    expect(run.steps[0]).toMatchObject({ kind: 'read', status: 'failed' });
    expect(run.steps[0]?.error).toMatch(/403/);
  });

  test('a second trigger while the run is ongoing gets 409; once it finished, a fresh run starts', async () => {
    world.control.slowMs = 1_500;
    const { path } = await publish([{ kind: 'action', action: 'Slow' }]);
    try {
      const first = await trigger(path, '2');
      expect(first.status).toBe(202);
      const { runId } = (await first.json()) as { runId: string };

      const second = await trigger(path, '2');
      expect(second.status).toBe(409);
      expect(await second.json()).toEqual({ error: expect.stringContaining('already ongoing') });
      expect((await followUntilFinished(runId)).status).toBe('succeeded');

      const third = await trigger(path, '2');
      expect(third.status).toBe(202);
      const { runId: freshId } = (await third.json()) as { runId: string };
      expect(freshId).not.toBe(runId);
      expect((await followUntilFinished(freshId)).status).toBe('succeeded');
    } finally {
      world.control.slowMs = 0;
    }
  });

  test('a token of a project member outside the owning team is refused with 403 and starts nothing', async () => {
    const { workflow, path } = await publish([{ kind: 'read' }]);
    const { context, world: seeded } = world.platform;
    const outsiderToken = (await issueToken(context, seeded.project, seeded.outsider)).value;
    expect((await trigger(path, '3')).status).toBe(202);

    const response = await trigger(path, '1', outsiderToken);

    expect(response.status).toBe(403);
    expect(await context.prisma.workflowRun.count({ where: { workflowId: workflow.id } })).toBe(1);
  });
});
