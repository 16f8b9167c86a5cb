import { describeEachDatabase } from '../../helpers/test-context';
import { type ExecutorWorld, startExecutorWorld } from './executor-world';

/** Runs executed by a worker against a real agent; each test queues its own run row. */
describeEachDatabase('workflow run execution', (kind) => {
  let world: ExecutorWorld;
  beforeAll(async () => {
    world = await startExecutorWorld(kind);
    await world.startWorker();
  });
  afterAll(() => world?.close());
  beforeEach(() => {
    world.agentCalls.length = 0;
    world.actionCalls.length = 0;
  });

  test('a read, update and note run succeeds with each step result', async () => {
    const runId = await world.queueRun(
      [
        { kind: 'read', fields: ['id', 'status', 'customer'] },
        { kind: 'update', values: { status: 'approved' } },
        { kind: 'note', title: 'Order {{id}}', content: '<p>{{customer}} is {{status}}</p>' },
      ],
      '1',
    );

    const run = await world.finishedRun(runId);

    expect(run).toMatchObject({ status: 'Succeeded', error: null, activeRecordId: null, attempts: 1 });
    expect(run.finishedAt).not.toBeNull();
    expect(run.steps.map((step) => [step.kind, step.status, step.attempts])).toEqual([
      ['read', 'Succeeded', 1],
      ['update', 'Succeeded', 1],
      ['note', 'Succeeded', 0],
    ]);
    expect(run.steps[0]?.output).toEqual({ record: { id: 1, status: 'pending', customer: 'Ada <ada@example.com>' } });
    expect(run.steps[1]?.output).toMatchObject({ record: { id: 1, status: 'approved' } });
    expect(world.readOrder(1).status).toBe('approved');
    expect(world.agentCalls).toEqual(['GET /platform/orders/1', 'PUT /platform/orders/1']);
    const noteId = Number((run.steps[2]?.output as { noteId?: number } | undefined)?.noteId);
    const note = await world.platform.context.prisma.note.findUniqueOrThrow({
      where: { id: noteId },
      include: { messages: true },
    });
    expect(note).toMatchObject({ collectionName: 'orders', recordId: '1', title: 'Order 1' });
    expect(note.userId).toBe(world.platform.world.member.id);
    expect(note.messages.map((message) => message.content)).toEqual(['<p>Ada &lt;ada@example.com&gt; is approved</p>']);
  });

  test('an action step posts the record id and the form values to the action route', async () => {
    const runId = await world.queueRun([{ kind: 'action', action: 'Ship', values: { carrier: 'DHL' } }], '2');

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Succeeded');
    expect(world.actionCalls).toEqual([
      { action: 'Ship', recordId: 2, values: { carrier: 'DHL' }, callerId: world.platform.world.member.id },
    ]);
    expect(run.steps[0]?.output).toMatchObject({ result: { success: 'Shipped with DHL' } });
  });

  test('a record that does not exist fails the run at its first data step', async () => {
    const runId = await world.queueRun(
      [{ kind: 'note', content: 'before' }, { kind: 'read' }, { kind: 'update', values: { status: 'x' } }],
      '404',
    );

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(run.activeRecordId).toBeNull();
    expect(run.steps.map((step) => step.status)).toEqual(['Succeeded', 'Failed', 'Skipped']);
    expect(run.steps[1]?.error).toMatch(/^The agent answered 404 \(NotFoundError: .*'404'/);
    expect(run.error).toBe(`Step 2 (read) failed: ${run.steps[1]?.error}`);
    expect(world.agentCalls).toEqual(['GET /platform/orders/404']);
  });

  test("a collection the user's role may not read fails the run with the agent's 403", async () => {
    const runId = await world.queueRun([{ kind: 'read' }], '1', { collection: 'invoices' });

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(run.error).toMatch(/^Step 1 \(read\) failed: The agent answered 403 \(ForbiddenError: /);
    expect(world.agentCalls).toHaveLength(1);
  });

  test("a condition that does not hold with otherwise 'stop' ends the run as succeeded, skipping the rest", async () => {
    const runId = await world.queueRun(
      [
        { kind: 'read' },
        { kind: 'condition', field: 'amount', operator: 'greater_than', value: 100, otherwise: 'stop' },
        { kind: 'update', values: { status: 'reviewed' } },
      ],
      '3',
    );

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Succeeded');
    expect(run.steps.map((step) => step.status)).toEqual(['Succeeded', 'Succeeded', 'Skipped']);
    expect(run.steps[1]?.output).toEqual({ isMet: false, actual: 30 });
    expect(run.output).toMatchObject({ stoppedAtStep: 2 });
    expect(world.readOrder(3).status).toBe('shipped');
  });

  test('a condition that holds lets the run go on', async () => {
    const runId = await world.queueRun(
      [
        { kind: 'read' },
        { kind: 'condition', field: 'status', operator: 'in', value: ['pending', 'approved'], otherwise: 'fail' },
        { kind: 'update', values: { amount: 251 } },
      ],
      '2',
    );

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Succeeded');
    expect(world.readOrder(2).amount).toBe(251);
  });

  test("a condition that does not hold with otherwise 'fail' fails the run with its message", async () => {
    const runId = await world.queueRun(
      [
        { kind: 'read' },
        {
          kind: 'condition',
          field: 'status',
          operator: 'equal',
          value: 'pending',
          otherwise: 'fail',
          message: 'Only pending orders.',
        },
        { kind: 'update', values: { status: 'never' } },
      ],
      '3',
    );

    const run = await world.finishedRun(runId);

    expect(run.status).toBe('Failed');
    expect(run.error).toBe('Step 2 (condition) failed: Only pending orders.');
    expect(run.steps.map((step) => step.status)).toEqual(['Succeeded', 'Failed', 'Skipped']);
    expect(world.readOrder(3).status).toBe('shipped');
  });
});
