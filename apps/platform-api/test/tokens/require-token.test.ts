import express from 'express';
import request from 'supertest';
import type { AppContext } from '../../src/context';
import type { Project, User } from '../../src/generated/prisma/client';
import { createErrorHandler } from '../../src/http/error-handler';
import { getTokenAuth, requireApplicationToken } from '../../src/tokens/require-token';
import { checksumOf } from '../../src/tokens/token-format';
import type { CreateTokenInput } from '../../src/tokens/token-schemas';
import { createToken, createTokensService, revokeToken, type TokensService } from '../../src/tokens/tokens-service';
import { seedProject } from '../factories/project-factory';
import { createTestClock } from '../factories/test-clock';
import { seedUser, setRole } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { forbidden } from './forbidden';

const INVALID = { error: 'Unauthorized', message: 'Invalid or missing application token.' };
const EXPIRED = { error: 'Unauthorized', message: 'The application token has expired.' };

/** A small app standing for the public API: one read route, one write route, one route without project. */
function createPingApp(context: AppContext, tokens: TokensService): express.Express {
  const app = express();
  const ping: express.RequestHandler = (_req, res) => {
    const { token, user, project, role } = getTokenAuth(res);
    res.json({ tokenId: token.id, userId: user.id, projectName: project.name, role });
  };
  app.get('/v1/project/:projectName/ping', requireApplicationToken(context, { scopes: ['notes:read'], tokens }), ping);
  app.post(
    '/v1/project/:projectName/ping',
    requireApplicationToken(context, { scopes: ['notes:write'], requireWrite: true, tokens }),
    ping,
  );
  app.get('/v1/hook', requireApplicationToken(context, { scopes: [], requireAdmin: false, tokens }), ping);
  app.use(createErrorHandler(context.logger));
  return app;
}

describeEachDatabase('requireApplicationToken', (kind) => {
  const clock = createTestClock();
  let testContext: TestContext;
  let context: AppContext;
  let tokens: TokensService;
  let app: express.Express;
  let project: Project;
  let admin: User;

  async function newToken(input: Partial<CreateTokenInput> = {}, user = admin, isSsoSession = false) {
    const created = await createToken(
      context,
      user.id,
      project.id,
      { name: 'ci', scopes: ['notes:read'], permissionLevel: 'read-only', ...input },
      { isSsoSession },
    );
    return created.value;
  }

  const ping = (value: string, projectName = project.name) =>
    request(app).get(`/v1/project/${projectName}/ping`).set('Authorization', `Bearer ${value}`);

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    context = testContext.context;
    tokens = createTokensService(context);
    app = createPingApp(context, tokens);
  });
  afterAll(async () => {
    await tokens.flushUsage();
    await testContext.close();
  });
  beforeEach(async () => {
    clock.set('2030-01-01T12:00:00.000Z');
    project = await seedProject(context);
    admin = await seedUser(context, { project, role: 'Admin' });
  });
  afterEach(() => tokens.flushUsage());

  test('lets a valid token through and hands the route its token, user, project and role', async () => {
    const value = await newToken();

    const response = await ping(value);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      tokenId: expect.any(Number),
      userId: admin.id,
      projectName: project.name,
      role: 'Admin',
    });
  });

  describe('authentication (401)', () => {
    test('refuses a request without Authorization header', async () => {
      const response = await request(app).get(`/v1/project/${project.name}/ping`);

      expect([response.status, response.body]).toEqual([401, INVALID]);
    });

    test.each([
      ['another scheme', 'Basic dXNlcjpwYXNzd29yZA=='],
      ['a scheme without token', 'Bearer'],
      ['a token without scheme', 'plat_abc'],
      ['a token of another kind', 'Bearer ghp_0123456789abcdefghijklmnopqrstuvwxyz'],
    ])('refuses a malformed Authorization header: %s', async (_name, header) => {
      const response = await request(app).get(`/v1/project/${project.name}/ping`).set('Authorization', header);

      expect([response.status, response.body]).toEqual([401, INVALID]);
    });

    test('refuses a token with a typo', async () => {
      const value = await newToken();
      const typo = value.slice(0, 20) + (value[20] === 'x' ? 'y' : 'x') + value.slice(21);

      const response = await ping(typo);

      expect([response.status, response.body]).toEqual([401, INVALID]);
    });

    test('refuses a well-formed token that was never issued', async () => {
      const random = 'A'.repeat(43);

      const response = await ping(`plat_${random}${checksumOf(random)}`);

      expect([response.status, response.body]).toEqual([401, INVALID]);
    });

    test('refuses a revoked token with the invalid-token text', async () => {
      const created = await createToken(
        context,
        admin.id,
        project.id,
        { name: 'ci', scopes: ['notes:read'], permissionLevel: 'read-only' },
        { isSsoSession: false },
      );
      expect((await ping(created.value)).status).toBe(200);

      await revokeToken(context, created.token.id, admin.id);
      const response = await ping(created.value);

      expect([response.status, response.body]).toEqual([401, INVALID]);
    });

    test('accepts a token until its expiration date, and refuses it from then on with the expired text', async () => {
      const value = await newToken({ expiresAt: '2030-01-01T13:00:00Z' });

      clock.set('2030-01-01T12:59:59.999Z');
      const before = await ping(value);
      clock.set('2030-01-01T13:00:00.000Z');
      const after = await ping(value);

      expect(before.status).toBe(200);
      expect([after.status, after.body]).toEqual([401, EXPIRED]);
    });

    test('reports an expired and revoked token as invalid, not expired', async () => {
      const created = await createToken(
        context,
        admin.id,
        project.id,
        { name: 'ci', scopes: ['notes:read'], permissionLevel: 'read-only', expiresAt: '2030-01-02T00:00:00Z' },
        { isSsoSession: false },
      );
      await revokeToken(context, created.token.id, admin.id);
      clock.set('2030-01-03T00:00:00Z');

      const response = await ping(created.value);

      expect([response.status, response.body]).toEqual([401, INVALID]);
    });

    test('authenticates before looking at the project: an unknown project with a bad token is a 401', async () => {
      const response = await ping('plat_nope', 'no-such-project');

      expect([response.status, response.body]).toEqual([401, INVALID]);
    });
  });

  describe('project of the path', () => {
    test("refuses a token on another project's path of the same organization (403)", async () => {
      const value = await newToken();
      const other = await seedProject(context, { organizationId: project.organizationId });

      const response = await ping(value, other.name);

      expect([response.status, response.body]).toEqual([403, forbidden('the token belongs to another project.')]);
    });

    test('answers 404 not_found for a project name that does not exist in the organization', async () => {
      const value = await newToken();
      const elsewhere = await seedProject(context);

      const unknown = await ping(value, 'no-such-project');
      const otherTenant = await ping(value, elsewhere.name);

      expect([unknown.status, unknown.body]).toEqual([
        404,
        { code: 'not_found', message: 'No project named "no-such-project".' },
      ]);
      expect([otherTenant.status, otherTenant.body]).toEqual([
        404,
        { code: 'not_found', message: `No project named "${elsewhere.name}".` },
      ]);
    });

    test('compares project names case-sensitively', async () => {
      const value = await newToken();

      const response = await ping(value, project.name.toUpperCase());

      expect([response.status, response.body]).toEqual([
        404,
        { code: 'not_found', message: `No project named "${project.name.toUpperCase()}".` },
      ]);
    });
  });

  describe('authorization (403)', () => {
    test('refuses a token without the scope of the route', async () => {
      const value = await newToken({ scopes: ['admin_logs:read', 'activity_logs:read'] });

      const response = await ping(value);

      expect([response.status, response.body]).toEqual([403, forbidden('the token needs the scope notes:read.')]);
    });

    test('lets all on a read-only token read', async () => {
      const value = await newToken({ scopes: ['all'], permissionLevel: 'read-only' });

      expect((await ping(value)).status).toBe(200);
    });

    test('refuses a read-only token on a write route, even with all', async () => {
      const value = await newToken({ scopes: ['all'], permissionLevel: 'read-only' });

      const response = await request(app)
        .post(`/v1/project/${project.name}/ping`)
        .set('Authorization', `Bearer ${value}`);

      expect([response.status, response.body]).toEqual([403, forbidden('this operation needs a read-write token.')]);
    });

    test('lets a read-write token with notes:write or all write', async () => {
      const write = await newToken({ scopes: ['notes:write'], permissionLevel: 'read-write' });
      const all = await newToken({ scopes: ['all'], permissionLevel: 'read-write' });

      const withWrite = await request(app)
        .post(`/v1/project/${project.name}/ping`)
        .set('Authorization', `Bearer ${write}`);
      const withAll = await request(app).post(`/v1/project/${project.name}/ping`).set('Authorization', `Bearer ${all}`);

      expect([withWrite.status, withAll.status]).toEqual([200, 200]);
    });

    test('refuses a read-write token without notes:write on a write route', async () => {
      const value = await newToken({ scopes: ['notes:read'], permissionLevel: 'read-write' });

      const response = await request(app)
        .post(`/v1/project/${project.name}/ping`)
        .set('Authorization', `Bearer ${value}`);

      expect([response.status, response.body]).toEqual([403, forbidden('the token needs the scope notes:write.')]);
    });

    test.each(['Developer', 'Editor', 'User'] as const)('refuses the token of a %s', async (role) => {
      const member = await seedUser(context, { project, role });
      const value = await newToken({}, member);

      const response = await ping(value);

      expect([response.status, response.body]).toEqual([
        403,
        forbidden("the token's user must have the Admin role on the project."),
      ]);
    });

    test("follows the user's current role: demoting an Admin disables their tokens, promoting enables them", async () => {
      const value = await newToken();

      await setRole(context, project, admin, 'Editor');
      const demoted = await ping(value);
      await setRole(context, project, admin, 'Admin');
      const promoted = await ping(value);

      expect([demoted.status, demoted.body]).toEqual([
        403,
        forbidden("the token's user must have the Admin role on the project."),
      ]);
      expect(promoted.status).toBe(200);
    });

    test('refuses the token a Developer generated, once they are promoted to Admin', async () => {
      const member = await seedUser(context, { project, role: 'Developer' });
      const value = await newToken({}, member);

      await setRole(context, project, member, 'Admin');
      const response = await ping(value);

      expect([response.status, response.body]).toEqual([
        403,
        forbidden('the token was generated by a user without the Admin role on the project.'),
      ]);
    });

    test('refuses the token a Developer generated on a write route too, once they are promoted', async () => {
      const member = await seedUser(context, { project, role: 'Developer' });
      const value = await newToken({ scopes: ['notes:write'], permissionLevel: 'read-write' }, member);

      await setRole(context, project, member, 'Admin');
      const response = await request(app)
        .post(`/v1/project/${project.name}/ping`)
        .set('Authorization', `Bearer ${value}`);

      expect([response.status, response.body]).toEqual([
        403,
        forbidden('the token was generated by a user without the Admin role on the project.'),
      ]);
    });

    test('refuses the token of a user who left the project', async () => {
      const value = await newToken();

      await context.prisma.projectMembership.delete({
        where: { projectId_userId: { projectId: project.id, userId: admin.id } },
      });
      const response = await ping(value);

      expect([response.status, response.body]).toEqual([
        403,
        forbidden("the token's user is no longer a member of the project."),
      ]);
    });

    test('refuses, once the project uses SSO, a token created outside an SSO session', async () => {
      const value = await newToken();

      await context.prisma.project.update({ where: { id: project.id }, data: { usesSso: true } });
      const response = await ping(value);

      expect([response.status, response.body]).toEqual([
        403,
        forbidden('the project uses SSO and the token was not created in an SSO session.'),
      ]);
    });

    test('accepts on an SSO project a token created in an SSO session', async () => {
      const value = await newToken({}, admin, true);

      await context.prisma.project.update({ where: { id: project.id }, data: { usesSso: true } });

      expect((await ping(value)).status).toBe(200);
    });
  });

  describe('routes without project in the path', () => {
    test('accept the token of a non-Admin when the route does not require Admin', async () => {
      const developer = await seedUser(context, { project, role: 'Developer' });
      const value = await newToken({}, developer);

      const response = await request(app).get('/v1/hook').set('Authorization', `Bearer ${value}`);

      expect([response.status, response.body]).toEqual([
        200,
        { tokenId: expect.any(Number), userId: developer.id, projectName: project.name, role: 'Developer' },
      ]);
    });

    test('still refuse the token of a user who left the project', async () => {
      const developer = await seedUser(context, { project, role: 'Developer' });
      const value = await newToken({}, developer);
      await context.prisma.projectMembership.delete({
        where: { projectId_userId: { projectId: project.id, userId: developer.id } },
      });

      const response = await request(app).get('/v1/hook').set('Authorization', `Bearer ${value}`);

      expect([response.status, response.body]).toEqual([
        403,
        forbidden("the token's user is no longer a member of the project."),
      ]);
    });
  });
});
