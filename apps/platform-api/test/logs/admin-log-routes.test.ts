import { recordAdminLog } from '../../src/audit/record-admin-log';
import { addUserToProject, createUser } from '../../src/identity/users-service';
import { createTestClock } from '../factories/test-clock';
import { issueToken } from '../factories/token-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from '../public-api/helpers/public-api-client';

describeEachDatabase('GET /v1/project/{projectName}/admin-logs', (kind) => {
  const clock = createTestClock('2030-01-01T00:00:00.000Z');
  let testContext: TestContext;
  let api: PublicApiClient;
  let world: World;
  let token: { value: string; id: number };
  /** Ids of the seeded entries, in insertion order. */
  let ids: number[];

  // Only the entries seeded here: the token's own creation (token.create, before) and use
  // (token.use, recorded in the background at first use, after) are left out by an id window.
  const list = (query = '') =>
    api.get(
      `/v1/project/${world.project.name}/admin-logs?id.gte=${ids[0]}&id.lte=${ids[3]}${query ? `&${query}` : ''}`,
      token.value,
    );
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((entry) => entry.id);
  const pick = (...indexes: number[]) => indexes.map((index) => ids[index]).sort((a = 0, b = 0) => b - a);

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    const { context } = testContext;
    api = createPublicApiClient(testContext.app);
    world = await seedWorld(context);
    token = await issueToken(context, world.project, world.admin, { scopes: ['admin_logs:read'] });
    clock.set('2030-01-02T00:00:00.000Z');
    const base = { organizationId: world.project.organizationId, projectId: world.project.id };
    const admin = { userId: world.admin.id, userEmail: world.admin.email };
    const seeds = [
      { ...admin, action: 'team.create', targetType: 'team', targetId: world.team.id, details: { name: 'Operations' } },
      { ...admin, tokenId: 41, action: 'token.revoke', targetType: 'application_token', targetId: 41 },
      { action: 'user.add_to_project', targetType: 'user', targetId: 'ada' },
      { ...admin, action: 'token.create', targetType: 'application_token', targetId: 42 },
    ];
    for (const seed of seeds) {
      await recordAdminLog(context, { ...base, ...seed });
      clock.advance(60_000);
    }
    const rows = await context.prisma.adminLog.findMany({
      where: { projectId: world.project.id, createdAt: { gte: new Date('2030-01-02T00:00:00.000Z') } },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    ids = rows.map((row) => row.id);
    // Another project's entry must never show.
    const stranger = await seedWorld(context);
    await recordAdminLog(context, { projectId: stranger.project.id, action: 'team.create', targetType: 'team' });
  });
  afterAll(() => testContext.close());

  test('lists the project entries, most recent first, with every field and the scope echoed', async () => {
    const response = await list();

    expect(response.status).toBe(200);
    expect(response.body.parameters).toEqual({ projectName: world.project.name, limit: 10 });
    expect(response.body.hasMore).toBe(false);
    expect(response.body.data).toEqual([
      {
        object: 'admin-log',
        id: ids[3],
        action: 'token.create',
        targetType: 'application_token',
        targetId: '42',
        createdAt: '2030-01-02T00:03:00.000Z',
        user: { object: 'user', id: world.admin.id, email: world.admin.email },
      },
      {
        object: 'admin-log',
        id: ids[2],
        action: 'user.add_to_project',
        targetType: 'user',
        targetId: 'ada',
        createdAt: '2030-01-02T00:02:00.000Z',
      },
      expect.objectContaining({ id: ids[1], tokenId: 41 }),
      expect.objectContaining({ id: ids[0], details: { name: 'Operations' } }),
    ]);
  });

  test('shows the token.create entry of the token the tokens feature recorded', async () => {
    const response = await api.get(
      `/v1/project/${world.project.name}/admin-logs?action=token.create&targetId=${token.id}`,
      token.value,
    );

    expect(response.body.data).toEqual([
      expect.objectContaining({ action: 'token.create', targetType: 'application_token', targetId: String(token.id) }),
    ]);
  });

  test('shows what platform-api recorded when a user was added to the project, and no user.create (users belong to no project)', async () => {
    const added = await addUserToProject(testContext.context, {
      userId: (await createUser(testContext.context, { email: `grace-${world.project.id}@example.com` })).id,
      projectId: world.project.id,
      role: 'Developer',
    });

    const response = await api.get(
      `/v1/project/${world.project.name}/admin-logs?targetType=user&targetId=${added.id}`,
      token.value,
    );

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      expect.objectContaining({
        action: 'user.add_to_project',
        targetType: 'user',
        targetId: String(added.id),
        details: { email: added.email, role: 'Developer' },
      }),
    ]);
  });

  test.each<[string, string, number[]]>([
    ['userId of nobody', 'userId=99999', []],
    ['userEmail', 'userEmail=nobody@example.com', []],
    ['action', 'action=token.revoke', [1]],
    ['targetType', 'targetType=application_token', [1, 3]],
    ['targetId', 'targetId=ada', [2]],
    ['tokenId', 'tokenId=41', [1]],
    ['createdAt.eq', 'createdAt.eq=2030-01-02T00:01:00.000Z', [1]],
    ['createdAt.lt', 'createdAt.lt=2030-01-02T00:01:00.000Z', [0]],
    ['createdAt.lte', 'createdAt.lte=2030-01-02T00:01:00.000Z', [0, 1]],
    ['createdAt.gt', 'createdAt.gt=2030-01-02T00:02:00.000Z', [3]],
    ['createdAt.gte', 'createdAt.gte=2030-01-02T00:02:00.000Z', [2, 3]],
    ['several filters', 'targetType=application_token&createdAt.lt=2030-01-02T00:03:00Z', [1]],
  ])('filters by %s', async (_name, query, indexes) => {
    const response = await list(query);

    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual(pick(...indexes));
  });

  test('filters by userId and userEmail of the acting user', async () => {
    const byId = await list(`userId=${world.admin.id}`);
    const byEmail = await list(`userEmail=${world.admin.email.toUpperCase()}`);

    expect(idsOf(byId.body)).toEqual(pick(0, 1, 3));
    expect(idsOf(byEmail.body)).toEqual(pick(0, 1, 3));
  });

  test('pages with limit, hasMore and the id cursor', async () => {
    const first = await list('limit=2');
    const second = await list(`limit=2&id.lt=${first.body.data[1].id}`);

    expect([first.body.hasMore, second.body.hasMore]).toEqual([true, false]);
    expect([...idsOf(first.body), ...idsOf(second.body)]).toEqual(pick(0, 1, 2, 3));
  });

  test.each([
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'ten'],
    ['tokenId', 'x'],
    ['createdAt.gte', '2030-01-02T00:00'],
    ['targetId', ''],
  ])('refuses %s=%s with 400 naming the parameter', async (name, value) => {
    const response = await list(`${name}=${encodeURIComponent(value)}`);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_request', issues: [{ path: `query.${name}` }] });
  });

  test('refuses an unknown parameter', async () => {
    const response = await list('environmentName=Production');

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
  });
});
