import { recordActivityLog } from '../../src/logs/activity-log-service';
import { createTestClock } from '../factories/test-clock';
import { issueToken } from '../factories/token-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from '../public-api/helpers/public-api-client';

describeEachDatabase('GET /v1/project/{projectName}/environment/{environmentName}/activity-logs', (kind) => {
  const clock = createTestClock('2030-01-01T00:00:00.000Z');
  let testContext: TestContext;
  let api: PublicApiClient;
  let world: World;
  let token: string;
  /** Ids of the seeded entries of the Production environment, in insertion order. */
  let ids: number[];

  const path = (query = '', environment = world.environment.name) =>
    `/v1/project/${world.project.name}/environment/${environment}/activity-logs${query}`;
  const list = (query = '') => api.get(path(query), token);
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((entry) => entry.id);
  /** Seeded ids picked by insertion index, most recent first as the listing orders them. */
  const pick = (...indexes: number[]) => indexes.map((index) => ids[index]).sort((a = 0, b = 0) => b - a);

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    const { context } = testContext;
    api = createPublicApiClient(testContext.app);
    world = await seedWorld(context);
    token = (await issueToken(context, world.project, world.admin, { scopes: ['activity_logs:read'] })).value;
    const scope = { projectId: world.project.id, environmentId: world.environment.id };
    const seeds = [
      {
        source: 'agent',
        action: 'read',
        collectionName: 'orders',
        userId: world.admin.id,
        userEmail: world.admin.email,
      },
      {
        source: 'agent',
        action: 'update',
        collectionName: 'orders',
        recordId: '12',
        userId: 999,
        userEmail: 'ops@example.com',
      },
      {
        source: 'workflow',
        action: 'workflow.run',
        collectionName: 'customers',
        recordId: '7',
        details: { runId: 'r-1' },
      },
      {
        source: 'platform',
        action: 'note.create',
        collectionName: 'orders',
        recordId: '12',
        userId: world.admin.id,
        userEmail: world.admin.email,
        details: { noteId: 3 },
      },
    ] as const;
    for (const seed of seeds) {
      await recordActivityLog(context, { ...scope, ...seed });
      clock.advance(60_000);
    }
    await recordActivityLog(context, {
      projectId: world.project.id,
      environmentId: world.otherEnvironment.id,
      source: 'agent',
      action: 'read',
    });
    const rows = await context.prisma.activityLog.findMany({
      where: scope,
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    ids = rows.map((row) => row.id);
  });
  afterAll(() => testContext.close());

  test('lists the entries of the environment, most recent first, with the scope echoed', async () => {
    const response = await list();

    expect(response.status).toBe(200);
    expect(response.body.hasMore).toBe(false);
    expect(response.body.parameters).toEqual({
      projectName: world.project.name,
      environmentName: 'Production',
      limit: 10,
    });
    expect(idsOf(response.body)).toEqual(pick(0, 1, 2, 3));
  });

  test('writes every field of an entry, leaving out the unknown ones', async () => {
    const response = await list();

    const environment = { object: 'environment', name: 'Production' };
    expect(response.body.data).toEqual([
      {
        object: 'activity-log',
        id: ids[3],
        source: 'platform',
        action: 'note.create',
        createdAt: '2030-01-01T00:03:00.000Z',
        user: { object: 'user', id: world.admin.id, email: world.admin.email },
        environment,
        collection: { object: 'collection', name: 'orders' },
        recordId: '12',
        details: { noteId: 3 },
      },
      {
        object: 'activity-log',
        id: ids[2],
        source: 'workflow',
        action: 'workflow.run',
        createdAt: '2030-01-01T00:02:00.000Z',
        environment,
        collection: { object: 'collection', name: 'customers' },
        recordId: '7',
        details: { runId: 'r-1' },
      },
      expect.objectContaining({ id: ids[1], user: { object: 'user', id: 999, email: 'ops@example.com' } }),
      expect.objectContaining({ id: ids[0], action: 'read', collection: { object: 'collection', name: 'orders' } }),
    ]);
    expect(response.body.data[3]).not.toHaveProperty('recordId');
    expect(response.body.data[3]).not.toHaveProperty('details');
  });

  test.each<[string, string, number[]]>([
    ['userId', 'userId=999', [1]],
    ['userEmail', 'userEmail=OPS@example.com', [1]],
    ['collectionName', 'collectionName=orders', [0, 1, 3]],
    ['recordId', 'recordId=12', [1, 3]],
    ['action', 'action=workflow.run', [2]],
    ['source', 'source=agent', [0, 1]],
    ['createdAt.eq', 'createdAt.eq=2030-01-01T00:01:00.000Z', [1]],
    ['createdAt.lt', 'createdAt.lt=2030-01-01T00:01:00.000Z', [0]],
    ['createdAt.lte', 'createdAt.lte=2030-01-01T00:01:00.000Z', [0, 1]],
    ['createdAt.gt', 'createdAt.gt=2030-01-01T00:02:00.000Z', [3]],
    ['createdAt.gte', 'createdAt.gte=2030-01-01T00:02:00Z', [2, 3]],
    ['several filters', 'source=agent&collectionName=orders&createdAt.gte=2030-01-01T00:01:00Z', [1]],
  ])('filters by %s', async (_name, query, indexes) => {
    const response = await list(`?${query}`);

    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual(pick(...indexes));
  });

  test('pages with limit, hasMore and the id cursor', async () => {
    const first = await list('?limit=3');
    const second = await list(`?limit=3&id.lt=${first.body.data[2].id}`);

    expect([first.body.hasMore, second.body.hasMore]).toEqual([true, false]);
    expect([...idsOf(first.body), ...idsOf(second.body)]).toEqual(pick(0, 1, 2, 3));
  });

  test.each([
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'abc'],
    ['limit', '1.5'],
    ['source', 'cron'],
    ['createdAt.lt', 'last week'],
    ['userId', '-1'],
    ['recordId', ''],
  ])('refuses %s=%s with 400 naming the parameter', async (name, value) => {
    const response = await list(`?${name}=${encodeURIComponent(value)}`);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_request', issues: [{ path: `query.${name}` }] });
  });

  test('refuses an unknown parameter', async () => {
    const response = await list('?teamName=Operations');

    expect(response.status).toBe(400);
    expect(response.body.message).toContain('teamName');
  });

  test('answers 404 not_found for an unknown environment', async () => {
    const response = await api.get(path('', 'PRODUCTION'), token);

    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });
});
