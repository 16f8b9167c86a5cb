import pino from 'pino';
import type { AppContext } from '../../src/context';
import { listActivityLogs, recordActivityLog } from '../../src/logs/activity-log-service';
import { createTestClock } from '../factories/test-clock';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('activity-log service', (kind) => {
  const clock = createTestClock('2030-05-01T08:00:00.000Z');
  let testContext: TestContext;
  let context: AppContext;
  let world: World;

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    context = testContext.context;
  });
  afterAll(() => testContext.close());
  beforeEach(async () => {
    world = await seedWorld(context);
  });

  test('records an entry at the context clock time', async () => {
    await recordActivityLog(context, {
      projectId: world.project.id,
      environmentId: world.environment.id,
      userId: world.admin.id,
      userEmail: world.admin.email,
      source: 'agent',
      action: 'update',
      collectionName: 'orders',
      recordId: '3',
      details: { fields: ['status'] },
    });

    const entries = await context.prisma.activityLog.findMany({ where: { projectId: world.project.id } });
    expect(entries).toEqual([
      expect.objectContaining({
        source: 'agent',
        action: 'update',
        collectionName: 'orders',
        recordId: '3',
        details: { fields: ['status'] },
        createdAt: new Date('2030-05-01T08:00:00.000Z'),
      }),
    ]);
  });

  test('never throws into the caller: a failed write is logged', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });

    await expect(
      recordActivityLog(
        { ...context, logger },
        { projectId: 2_000_000_000, source: 'platform', action: 'note.create' },
      ),
    ).resolves.toBeUndefined();

    expect(lines.join('')).toContain('could not write an activity-log entry');
  });

  test('lists one environment of one project, most recent first, one page at a time', async () => {
    for (const action of ['a', 'b', 'c']) {
      await recordActivityLog(context, {
        projectId: world.project.id,
        environmentId: world.environment.id,
        source: 'agent',
        action,
      });
    }
    await recordActivityLog(context, {
      projectId: world.project.id,
      environmentId: world.otherEnvironment.id,
      source: 'agent',
      action: 'd',
    });

    const page = await listActivityLogs(
      context,
      { projectId: world.project.id, environmentId: world.environment.id },
      { limit: 2 },
    );

    expect(page.entries.map((entry) => entry.action)).toEqual(['c', 'b']);
    expect(page.hasMore).toBe(true);
  });
});
