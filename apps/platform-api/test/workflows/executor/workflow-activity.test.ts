import { sleep } from '../../helpers/sleep';
import { describeEachDatabase } from '../../helpers/test-context';
import { type ExecutorWorld, startExecutorWorld } from './executor-world';

/** What a run leaves in the activity log: the agent's entries and the platform's, as the run's user. */
describeEachDatabase('activity of a workflow run', (kind) => {
  let world: ExecutorWorld;
  beforeAll(async () => {
    world = await startExecutorWorld(kind);
    await world.startWorker();
  });
  afterAll(() => world?.close());

  const activity = (where: { recordId: string }) =>
    world.platform.context.prisma.activityLog.findMany({
      where: { environmentId: world.platform.world.environment.id, ...where },
      orderBy: { id: 'asc' },
      select: { source: true, action: true, userId: true, userEmail: true },
    });

  test("the agent's reads and writes, the note and the run are attributed to the run's user, from the workflow", async () => {
    const { member } = world.platform.world;
    const runId = await world.queueRun(
      [{ kind: 'read' }, { kind: 'update', values: { amount: 12 } }, { kind: 'note', content: 'Checked' }],
      '2',
    );
    expect((await world.finishedRun(runId)).status).toBe('Succeeded');

    // The agent sends its entries every second.
    const startedAt = Date.now();
    let entries = await activity({ recordId: '2' });
    while (!entries.some((entry) => entry.action === 'update') && Date.now() - startedAt < 5_000) {
      await sleep(100);
      entries = await activity({ recordId: '2' });
    }

    const user = { userId: member.id, userEmail: member.email };
    expect(entries).toEqual(
      expect.arrayContaining([
        { source: 'workflow', action: 'read', ...user },
        { source: 'workflow', action: 'update', ...user },
        { source: 'workflow', action: 'note.create', ...user },
        { source: 'workflow', action: 'workflow.run', ...user },
      ]),
    );
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.filter((entry) => entry.source !== 'workflow')).toEqual([]);
  });
});
