import { recordAdminLog } from '../../src/audit/record-admin-log';
import type { AppContext } from '../../src/context';
import type { Project } from '../../src/generated/prisma/client';
import { listAdminLogs } from '../../src/logs/admin-log-service';
import { seedProject } from '../factories/project-factory';
import { createTestClock } from '../factories/test-clock';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('admin log service', (kind) => {
  const clock = createTestClock();
  let testContext: TestContext;
  let context: AppContext;
  let project: Project;

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    context = testContext.context;
  });
  afterAll(() => testContext.close());
  beforeEach(async () => {
    clock.set('2030-01-01T12:00:00.000Z');
    project = await seedProject(context);
  });

  async function recordMany(count: number) {
    for (let index = 0; index < count; index += 1) {
      await recordAdminLog(context, {
        projectId: project.id,
        action: index % 2 === 0 ? 'token.create' : 'token.revoke',
        targetType: 'application_token',
        targetId: index,
      });
      clock.advance(1_000);
    }
  }

  test('records who did what, on what, when', async () => {
    const user = await seedUser(context, { project });

    await recordAdminLog(context, {
      organizationId: project.organizationId,
      projectId: project.id,
      userId: user.id,
      userEmail: user.email,
      tokenId: null,
      action: 'team.create',
      targetType: 'team',
      targetId: 42,
      details: { name: 'Support' },
    });

    const [entry] = (await listAdminLogs(context, project.id)).entries;
    expect(entry).toEqual({
      id: expect.any(Number),
      organizationId: project.organizationId,
      projectId: project.id,
      userId: user.id,
      userEmail: user.email,
      tokenId: null,
      action: 'team.create',
      targetType: 'team',
      targetId: '42',
      details: { name: 'Support' },
      createdAt: new Date('2030-01-01T12:00:00.000Z'),
    });
  });

  test('never throws: a failed write is logged', async () => {
    const errors: unknown[] = [];
    const broken: AppContext = {
      ...context,
      logger: { error: (...args: unknown[]) => errors.push(args) } as unknown as AppContext['logger'],
      prisma: { adminLog: { create: () => Promise.reject(new Error('disk full')) } } as unknown as AppContext['prisma'],
    };

    await expect(
      recordAdminLog(broken, { action: 'token.create', targetType: 'application_token' }),
    ).resolves.toBeUndefined();
    expect(errors).toEqual([
      [expect.objectContaining({ action: 'token.create' }), 'could not write an admin-log entry'],
    ]);
  });

  test('lists most recent first, a page at a time', async () => {
    await recordMany(5);

    const first = await listAdminLogs(context, project.id, { limit: 2 });
    const second = await listAdminLogs(context, project.id, { limit: 2, beforeId: first.entries[1]!.id });
    const last = await listAdminLogs(context, project.id, { limit: 2, beforeId: second.entries[1]!.id });

    expect(first.entries.map((entry) => entry.targetId)).toEqual(['4', '3']);
    expect(second.entries.map((entry) => entry.targetId)).toEqual(['2', '1']);
    expect(last).toEqual({ entries: [expect.objectContaining({ targetId: '0' })], hasMore: false });
    expect([first.hasMore, second.hasMore]).toEqual([true, true]);
  });

  test('filters by action and by creation date, from query-string values', async () => {
    await recordMany(4);

    const revocations = await listAdminLogs(context, project.id, { action: 'token.revoke' });
    const window = await listAdminLogs(context, project.id, {
      createdAt: { gte: '2030-01-01T12:00:01.000Z', lt: '2030-01-01T12:00:03.000Z' },
    });

    expect(revocations.entries.map((entry) => entry.targetId)).toEqual(['3', '1']);
    expect(window.entries.map((entry) => entry.targetId)).toEqual(['2', '1']);
  });

  test('keeps projects apart', async () => {
    await recordMany(1);
    const other = await seedProject(context);

    expect((await listAdminLogs(context, other.id)).entries).toEqual([]);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a limit of 0', { limit: 0 }, 'query.limit'],
    ['a limit of 101', { limit: 101 }, 'query.limit'],
    ['a limit that is not a number', { limit: 'ten' }, 'query.limit'],
    ['a date that is not a date', { createdAt: { gt: 'yesterday' } }, 'query.createdAt.gt'],
    ['a negative user id', { userId: -1 }, 'query.userId'],
  ])('refuses %s', async (_name, filters, issuePath) => {
    await expect(listAdminLogs(context, project.id, filters as never)).rejects.toMatchObject({
      name: 'ValidationError',
      issues: [expect.objectContaining({ path: issuePath })],
    });
  });
});
