import type { TokenScope } from '../../src/tokens/token-scopes';
import { createTokensService } from '../../src/tokens/tokens-service';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createTestClock } from '../tokens/token-fixtures';
import { createPublicApiClient, type PublicApiClient } from './helpers/public-api-client';
import { issueToken, seedUser, seedWorld, type World } from './helpers/public-api-fixtures';

const INVALID = { error: 'Unauthorized', message: 'Invalid or missing application token.' };
const EXPIRED = { error: 'Unauthorized', message: 'The application token has expired.' };
const forbidden = (reason: string) => ({ error: 'Forbidden', message: `Insufficient permissions: ${reason}` });

interface Endpoint {
  readonly name: string;
  readonly scope: TokenScope;
  readonly path: (world: World) => string;
}

const ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'notes',
    scope: 'notes:read',
    path: (world) => `/v1/project/${world.project.name}/environment/${world.environment.name}/notes`,
  },
  {
    name: 'activity logs',
    scope: 'activity_logs:read',
    path: (world) => `/v1/project/${world.project.name}/environment/${world.environment.name}/activity-logs`,
  },
  { name: 'admin logs', scope: 'admin_logs:read', path: (world) => `/v1/project/${world.project.name}/admin-logs` },
];

describeEachDatabase('public API authentication and authorization', (kind) => {
  const clock = createTestClock('2030-01-01T12:00:00.000Z');
  let testContext: TestContext;
  let api: PublicApiClient;
  let world: World;

  const token = (options: Parameters<typeof issueToken>[3] = {}, user = world.admin) =>
    issueToken(testContext.context, world.project, user, options).then((issued) => issued.value);

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    api = createPublicApiClient(testContext.app);
    world = await seedWorld(testContext.context);
  });
  afterAll(() => testContext.close());
  beforeEach(() => clock.set('2030-01-01T12:00:00.000Z'));

  describe.each(ENDPOINTS)('GET $name', ({ scope, path }) => {
    test('answers 200 to an Admin token holding the scope', async () => {
      const response = await api.get(path(world), await token({ scopes: [scope], permissionLevel: 'read-only' }));

      expect(response.status).toBe(200);
    });

    test('answers 200 to a token holding the scope all', async () => {
      const response = await api.get(path(world), await token({ scopes: ['all'], permissionLevel: 'read-only' }));

      expect(response.status).toBe(200);
    });

    test('answers 401 without a token', async () => {
      const response = await api.get(path(world));

      expect(response.status).toBe(401);
      expect(response.body).toEqual(INVALID);
    });

    test.each(['not-a-token', 'plat_000000000000000000000000000000000000000000000000000'])(
      'answers 401 to a malformed or unknown token %s',
      async (value) => {
        const response = await api.get(path(world), value);

        expect(response.status).toBe(401);
        expect(response.body).toEqual(INVALID);
      },
    );

    test('answers 401 to a revoked token', async () => {
      const issued = await issueToken(testContext.context, world.project, world.admin, { scopes: [scope] });
      await createTokensService(testContext.context).revoke(issued.id, null);

      const response = await api.get(path(world), issued.value);

      expect(response.status).toBe(401);
      expect(response.body).toEqual(INVALID);
    });

    test('answers 401 with the expiry text to an expired token', async () => {
      const value = await token({ scopes: [scope], expiresAt: '2030-01-01T13:00:00.000Z' });
      clock.set('2030-01-01T13:00:00.000Z');

      const response = await api.get(path(world), value);

      expect(response.status).toBe(401);
      expect(response.body).toEqual(EXPIRED);
    });

    test('answers 403 to a token without the scope', async () => {
      const other = (['notes:read', 'activity_logs:read', 'admin_logs:read'] as const).filter((s) => s !== scope);

      const response = await api.get(path(world), await token({ scopes: other }));

      expect(response.status).toBe(403);
      expect(response.body).toEqual(forbidden(`the token needs the scope ${scope}.`));
    });

    test.each(['Developer', 'Editor', 'User'] as const)('answers 403 to a token of a %s', async (role) => {
      const user = await seedUser(testContext.context, world.project, role);

      const response = await api.get(path(world), await token({ scopes: ['all'] }, user));

      expect(response.status).toBe(403);
      expect(response.body).toEqual(forbidden(`the token's user must have the Admin role on the project.`));
    });

    test('answers 403 once the token user left the project', async () => {
      const user = await seedUser(testContext.context, world.project, 'Admin');
      const value = await token({ scopes: ['all'] }, user);
      await testContext.context.prisma.projectMembership.deleteMany({ where: { userId: user.id } });

      const response = await api.get(path(world), value);

      expect(response.status).toBe(403);
      expect(response.body.error).toBe('Forbidden');
    });
  });

  describe('a project that uses SSO', () => {
    let ssoWorld: World;

    beforeAll(async () => {
      ssoWorld = await seedWorld(testContext.context, { usesSso: true });
    });

    test.each(ENDPOINTS)('GET $name refuses a token created outside an SSO session with 403', async ({ path }) => {
      // Created before the project switched to SSO: the only way to hold such a token.
      await testContext.context.prisma.project.update({ where: { id: ssoWorld.project.id }, data: { usesSso: false } });
      const issued = await issueToken(testContext.context, ssoWorld.project, ssoWorld.admin, { scopes: ['all'] });
      await testContext.context.prisma.project.update({ where: { id: ssoWorld.project.id }, data: { usesSso: true } });

      const response = await api.get(path(ssoWorld), issued.value);

      expect(response.status).toBe(403);
      expect(response.body).toEqual(forbidden('the project uses SSO and the token was not created in an SSO session.'));
    });

    test.each(ENDPOINTS)('GET $name accepts a token created in an SSO session', async ({ path }) => {
      const issued = await issueToken(testContext.context, ssoWorld.project, ssoWorld.admin, {
        scopes: ['all'],
        isSsoSession: true,
      });

      const response = await api.get(path(ssoWorld), issued.value);

      expect(response.status).toBe(200);
    });
  });

  describe('another project', () => {
    test.each(ENDPOINTS)(
      'GET $name answers 403 to a token of another project of the organization',
      async ({ name, path }) => {
        const sibling = await testContext.context.prisma.project.create({
          data: {
            organizationId: world.project.organizationId,
            name: `${world.project.name}-${name.replace(' ', '-')}`,
          },
        });

        const response = await api.get(path({ ...world, project: sibling }), await token({ scopes: ['all'] }));

        expect(response.status).toBe(403);
        expect(response.body).toEqual(forbidden('the token belongs to another project.'));
      },
    );

    test.each(ENDPOINTS)('GET $name answers 404 for a project of another organization', async ({ path }) => {
      const stranger = await seedWorld(testContext.context);

      const response = await api.get(path(stranger), await token({ scopes: ['all'] }));

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: `No project named "${stranger.project.name}".` });
    });
  });
});
