import { issueToken } from '../factories/token-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from './helpers/public-api-client';

// Dates the ISO 8601 syntax allows but PostgreSQL cannot compare (years 0 and 10000, directly or once
// the zone is applied) are refused before any query, on every listing that filters by date.
describeEachDatabase('date filters outside the years 0001 to 9999', (kind) => {
  let testContext: TestContext;
  let api: PublicApiClient;
  let world: World;
  let token: string;

  const listings = () => ({
    notes: `/v1/project/${world.project.name}/environment/${world.environment.name}/notes`,
    'activity logs': `/v1/project/${world.project.name}/environment/${world.environment.name}/activity-logs`,
    'admin logs': `/v1/project/${world.project.name}/admin-logs`,
  });

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    api = createPublicApiClient(testContext.app);
    world = await seedWorld(testContext.context);
    ({ value: token } = await issueToken(testContext.context, world.project, world.admin, { scopes: ['all'] }));
  });
  afterAll(() => testContext.close());

  const outOfRange: [string, string][] = [
    ['notes', 'createdAt.lt=0000-01-01'],
    ['notes', 'updatedAt.lt=0000-06-01'],
    ['notes', 'archivedAt.gte=0000-06-01'],
    ['notes', 'createdAt.gte=0001-01-01T00:00:00%2B01:00'],
    ['notes', 'createdAt.gt=9999-12-31T23:59:59.999-23:59'],
    ['activity logs', 'createdAt.lt=0000-01-01'],
    ['activity logs', 'createdAt.gte=0001-01-01T00:00:00%2B01:00'],
    ['activity logs', 'createdAt.gt=9999-12-31T23:59:59.999-23:59'],
    ['admin logs', 'createdAt.lt=0000-01-01'],
    ['admin logs', 'createdAt.gte=0001-01-01T00:00:00%2B01:00'],
    ['admin logs', 'createdAt.gt=9999-12-31T23:59:59.999-23:59'],
  ];

  test.each(outOfRange)('%s: %s answers 400 invalid_request naming the parameter', async (listing, query) => {
    const parameter = query.split('=')[0] ?? '';

    const response = await api.get(`${listings()[listing as 'notes']}?${query}`, token);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'invalid_request',
      issues: [{ path: `query.${parameter}`, message: expect.stringContaining('between 0001-01-01') }],
    });
    expect(response.body.message).toContain(parameter);
  });

  test.each(['notes', 'activity logs', 'admin logs'])(
    '%s: the first and last instants are accepted',
    async (listing) => {
      const query = 'createdAt.gte=0001-01-01T00:00:00.000Z&createdAt.lte=9999-12-31T23:59:59.999Z';

      const response = await api.get(`${listings()[listing as 'notes']}?${query}`, token);

      expect(response.status).toBe(200);
    },
  );
});
