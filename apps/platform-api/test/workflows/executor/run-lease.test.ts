import { claimRuns } from '../../../src/workflows/executor/claim-runs';
import { sleep } from '../../helpers/sleep';
import { describeEachDatabase } from '../../helpers/test-context';
import { type ExecutorWorld, startExecutorWorld } from './executor-world';

const STEPS = [
  { kind: 'read' as const },
  { kind: 'update' as const, values: { status: 'taken-over' } },
  { kind: 'note' as const, content: 'Order {{id}} is {{status}}' },
];

/** Runs whose worker vanished (lease expired): taken over, or failed after the last attempt. */
describeEachDatabase('workflow run leases', (kind) => {
  let world: ExecutorWorld;
  beforeAll(async () => {
    world = await startExecutorWorld(kind);
  });
  afterAll(() => world?.close());
  beforeEach(() => {
    world.agentCalls.length = 0;
  });

  /** A run a vanished worker claimed: Running, its first step done, its second one started. */
  const abandonedRun = async (leaseUntil: Date, attempts: number) => {
    const { prisma } = world.platform.context;
    const runId = await world.queueRun(STEPS, '1');
    await prisma.workflowRun.update({
      where: { id: runId },
      data: { status: 'Running', claimedBy: 'vanished-worker', leaseUntil, attempts, startedAt: new Date() },
    });
    await prisma.workflowRunStep.update({
      where: { runId_position: { runId, position: 0 } },
      data: { status: 'Succeeded', attempts: 1, output: { record: { id: 1, status: 'read-before' } } },
    });
    await prisma.workflowRunStep.update({
      where: { runId_position: { runId, position: 1 } },
      data: { status: 'Running', attempts: 1 },
    });
    return runId;
  };

  test('a run whose lease has not expired stays with its worker; once it has, another worker resumes it', async () => {
    const { prisma } = world.platform.context;
    const held = await abandonedRun(new Date(Date.now() + 60_000), 1);
    const expired = await abandonedRun(new Date(Date.now() - 1_000), 1);
    const worker = await world.startWorker({ workerId: 'taker' });

    const run = await world.finishedRun(expired);
    await worker.stop();

    expect(run).toMatchObject({ status: 'Succeeded', claimedBy: 'taker', attempts: 2, activeRecordId: null });
    expect(run.steps.map((step) => [step.status, step.attempts])).toEqual([
      ['Succeeded', 1],
      ['Succeeded', 2],
      ['Succeeded', 0],
    ]);
    // The step done before is not done again; the note sees the record as the update left it.
    expect(world.agentCalls).toEqual(['PUT /platform/orders/1']);
    const noteId = Number((run.steps[2]?.output as { noteId?: number } | undefined)?.noteId);
    const note = await prisma.note.findUniqueOrThrow({ where: { id: noteId }, include: { messages: true } });
    expect(note.messages[0]?.content).toBe('Order 1 is taken-over');
    expect(await prisma.workflowRun.findUniqueOrThrow({ where: { id: held } })).toMatchObject({
      status: 'Running',
      claimedBy: 'vanished-worker',
      attempts: 1,
    });
  });

  test('a run abandoned after its last attempt is failed, its running step failed and the rest skipped', async () => {
    const runId = await abandonedRun(new Date(Date.now() - 1_000), 3);
    const worker = await world.startWorker({ maxAttempts: 3 });

    const run = await world.finishedRun(runId);
    await worker.stop();

    expect(run.status).toBe('Failed');
    expect(run.error).toMatch(/^The run was abandoned: its worker stopped before finishing it, 3 time\(s\)/);
    expect(run.activeRecordId).toBeNull();
    expect(run.steps.map((step) => step.status)).toEqual(['Succeeded', 'Failed', 'Skipped']);
    expect(world.agentCalls).toEqual([]);
  });

  test('a worker that loses its lease stops the run without writing its result', async () => {
    const { prisma } = world.platform.context;
    world.control.slowMs = 1_500;
    const runId = await world.queueRun([{ kind: 'action', action: 'Slow' }], '1');
    const worker = await world.startWorker({ workerId: 'loser', leaseMs: 300 });
    const deadline = Date.now() + 10_000;
    while (world.actionCalls.length === 0 && Date.now() < deadline) await sleep(20);
    expect(world.actionCalls).toHaveLength(1);

    // Another worker took the run over (as after an expired lease): the heartbeat finds it gone.
    await prisma.workflowRun.update({
      where: { id: runId },
      data: { claimedBy: 'new-owner', leaseUntil: new Date(Date.now() + 60_000) },
    });
    await sleep(2_000);
    await worker.stop();
    world.control.slowMs = 0;

    const run = await prisma.workflowRun.findUniqueOrThrow({ where: { id: runId }, include: { steps: true } });
    expect(run).toMatchObject({ status: 'Running', claimedBy: 'new-owner', error: null });
    expect(run.steps[0]?.status).toBe('Running');
  });

  test('a worker never claims again a run it is still executing, even once its lease expired', async () => {
    const runId = await abandonedRun(new Date(Date.now() - 1_000), 1);
    const claim = { workerId: 'keeper', limit: 10, leaseMs: 5_000, maxAttempts: 3 };

    const whileExecuting = await claimRuns(world.platform.context, { ...claim, executing: [runId] });
    const afterwards = await claimRuns(world.platform.context, claim);

    expect(whileExecuting.map((run) => run.id)).not.toContain(runId);
    expect(afterwards.map((run) => run.id)).toContain(runId);
  });
});
