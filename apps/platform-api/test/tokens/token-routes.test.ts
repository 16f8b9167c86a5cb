import type express from 'express';
import request from 'supertest';
import type { AppContext } from '../../src/context';
import type { Project, User } from '../../src/generated/prisma/client';
import { createSession } from '../../src/identity/sessions-service';
import { createTokensService } from '../../src/tokens/tokens-service';
import { seedProject } from '../factories/project-factory';
import { createTestClock } from '../factories/test-clock';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

const body = { name: 'SIEM export', scopes: ['admin_logs:read', 'activity_logs:read'], permissionLevel: 'read-only' };

describeEachDatabase('token routes', (kind) => {
  const clock = createTestClock();
  let testContext: TestContext;
  let context: AppContext;
  let app: express.Express;
  let project: Project;
  let admin: User;
  let adminCookie: string;

  async function cookieOf(user: User, isSso = false): Promise<string> {
    const { token } = await createSession(context, { userId: user.id, isSso });
    return `platform_session=${token}`;
  }

  const tokensPath = (projectName = project.name) => `/api/projects/${encodeURIComponent(projectName)}/tokens`;
  const create = (cookie: string, payload: unknown = body, projectName?: string) =>
    request(app)
      .post(tokensPath(projectName))
      .set('Cookie', cookie)
      .send(payload as object);

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    context = testContext.context;
    app = testContext.app;
  });
  afterAll(() => testContext.close());
  beforeEach(async () => {
    clock.set('2030-01-01T12:00:00.000Z');
    project = await seedProject(context);
    admin = await seedUser(context, { project, role: 'Admin' });
    adminCookie = await cookieOf(admin);
  });

  describe('POST /api/projects/:projectName/tokens', () => {
    test('creates a token and shows its value once', async () => {
      const response = await create(adminCookie, { ...body, expiresAt: '2030-06-01T00:00:00Z' });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        value: expect.stringMatching(/^plat_[0-9A-Za-z]{49}$/),
        token: {
          id: expect.any(Number),
          name: 'SIEM export',
          displayPrefix: response.body.value.slice(0, 9),
          scopes: ['activity_logs:read', 'admin_logs:read'],
          permissionLevel: 'read-only',
          status: 'active',
          createdInSsoSession: false,
          createdByAdmin: true,
          createdAt: '2030-01-01T12:00:00.000Z',
          lastUsedAt: null,
          expiresAt: '2030-06-01T00:00:00.000Z',
          revokedAt: null,
          project: { id: project.id, name: project.name },
          user: { id: admin.id, email: admin.email },
        },
      });
      await expect(createTokensService(context).authenticate(response.body.value)).resolves.toMatchObject({
        token: { id: response.body.token.id },
      });
    });

    test('marks tokens created in an SSO session, as an SSO project requires', async () => {
      const ssoProject = await seedProject(context, { usesSso: true });
      const user = await seedUser(context, { project: ssoProject });

      const response = await create(await cookieOf(user, true), body, ssoProject.name);

      expect(response.status).toBe(201);
      expect(response.body.token.createdInSsoSession).toBe(true);
    });

    test('refuses a non-SSO session on an SSO project (403)', async () => {
      const ssoProject = await seedProject(context, { usesSso: true });
      const user = await seedUser(context, { project: ssoProject });

      const response = await create(await cookieOf(user, false), body, ssoProject.name);

      expect([response.status, response.body]).toEqual([
        403,
        {
          error: 'Forbidden',
          message: `Project "${ssoProject.name}" uses SSO: log in with SSO to create application tokens.`,
        },
      ]);
    });

    test('refuses a request without session (401)', async () => {
      const response = await request(app).post(tokensPath()).send(body);

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', message: expect.any(String) });
    });

    test('answers 404 for a project the user is not a member of, or that does not exist', async () => {
      const other = await seedProject(context);

      const foreign = await create(adminCookie, body, other.name);
      const unknown = await create(adminCookie, body, 'no-such-project');

      expect([foreign.status, foreign.body]).toEqual([
        404,
        { code: 'not_found', message: `No project named "${other.name}" among your projects.` },
      ]);
      expect(unknown.status).toBe(404);
    });

    test('answers 400, not 500, for a project name holding a NUL character, which the database refuses', async () => {
      const response = await create(adminCookie, body, 'Acme\u0000');

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'invalid_request', message: expect.stringContaining('NUL character') });
    });

    test('answers 409 when two of the user’s projects share the name, and the organization query picks one', async () => {
      const twin = await seedProject(context, { name: project.name });
      await context.prisma.projectMembership.create({ data: { projectId: twin.id, userId: admin.id, role: 'Admin' } });
      const organization = await context.prisma.organization.findUniqueOrThrow({ where: { id: twin.organizationId } });

      const ambiguous = await create(adminCookie);
      const picked = await request(app)
        .post(`${tokensPath()}?organization=${encodeURIComponent(organization.name)}`)
        .set('Cookie', adminCookie)
        .send(body);

      expect(ambiguous.status).toBe(409);
      expect(ambiguous.body.code).toBe('conflict');
      expect(picked.status).toBe(201);
      expect(picked.body.token.project.id).toBe(twin.id);
    });

    test.each<[string, unknown, string[]]>([
      ['an empty name', { ...body, name: '' }, ['name']],
      ['a name of 101 characters', { ...body, name: 'x'.repeat(101) }, ['name']],
      ['an unknown scope', { ...body, scopes: ['notes:read', 'users:write'] }, ['scopes.1']],
      ['no scopes', { ...body, scopes: [] }, ['scopes']],
      ['read-only with notes:write', { ...body, scopes: ['notes:write'] }, ['scopes']],
      ['a past expiration', { ...body, expiresAt: '2029-01-01T00:00:00Z' }, ['expiresAt']],
      ['a bad permission level', { ...body, permissionLevel: 'write' }, ['permissionLevel']],
      ['an empty body', {}, ['name', 'scopes', 'permissionLevel']],
    ])('answers 400 invalid_request for %s', async (_name, payload, paths) => {
      const response = await create(adminCookie, payload);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'invalid_request',
        message: expect.any(String),
        issues: expect.any(Array),
      });
      expect(response.body.issues.map((issue: { path: string }) => issue.path)).toEqual(paths);
    });

    test('answers 400 invalid_json for a body that is not JSON', async () => {
      const response = await request(app)
        .post(tokensPath())
        .set('Cookie', adminCookie)
        .set('Content-Type', 'application/json')
        .send('{"name":');

      expect([response.status, response.body]).toEqual([
        400,
        { code: 'invalid_json', message: 'The request body is not valid JSON' },
      ]);
    });
  });

  describe('GET /api/projects/:projectName/tokens', () => {
    test('shows an Admin every token of the project and a member only theirs, never a value or hash', async () => {
      const developer = await seedUser(context, { project, role: 'Developer' });
      const developerCookie = await cookieOf(developer);
      const mine = await create(adminCookie);
      const theirs = await create(developerCookie);

      const asAdmin = await request(app).get(tokensPath()).set('Cookie', adminCookie);
      const asDeveloper = await request(app).get(tokensPath()).set('Cookie', developerCookie);

      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.tokens.map((token: { id: number }) => token.id)).toEqual([
        mine.body.token.id,
        theirs.body.token.id,
      ]);
      expect(asDeveloper.body.tokens.map((token: { id: number }) => token.id)).toEqual([theirs.body.token.id]);
      expect(JSON.stringify(asAdmin.body)).not.toContain(mine.body.value);
      expect(Object.keys(asAdmin.body.tokens[0]).sort()).toEqual(
        [
          'createdAt',
          'createdByAdmin',
          'createdInSsoSession',
          'displayPrefix',
          'expiresAt',
          'id',
          'lastUsedAt',
          'name',
          'permissionLevel',
          'project',
          'revokedAt',
          'scopes',
          'status',
          'user',
        ].sort(),
      );
    });

    test('hides revoked tokens unless includeRevoked=true', async () => {
      const created = await create(adminCookie);
      await request(app).delete(`${tokensPath()}/${created.body.token.id}`).set('Cookie', adminCookie);

      const visible = await request(app).get(tokensPath()).set('Cookie', adminCookie);
      const all = await request(app).get(`${tokensPath()}?includeRevoked=true`).set('Cookie', adminCookie);

      expect(visible.body).toEqual({ tokens: [] });
      expect(all.body.tokens).toEqual([expect.objectContaining({ id: created.body.token.id, status: 'revoked' })]);
    });

    test('answers 400 for a bad includeRevoked', async () => {
      const response = await request(app).get(`${tokensPath()}?includeRevoked=yes`).set('Cookie', adminCookie);

      expect(response.status).toBe(400);
      expect(response.body.issues).toEqual([{ path: 'query.includeRevoked', message: expect.any(String) }]);
    });
  });

  describe('DELETE /api/projects/:projectName/tokens/:id', () => {
    test('revokes at once: the value stops authenticating', async () => {
      const created = await create(adminCookie);

      const response = await request(app).delete(`${tokensPath()}/${created.body.token.id}`).set('Cookie', adminCookie);

      expect(response.status).toBe(200);
      expect(response.body.token).toMatchObject({ status: 'revoked', revokedAt: '2030-01-01T12:00:00.000Z' });
      await expect(createTokensService(context).authenticate(created.body.value)).rejects.toMatchObject({
        name: 'AuthenticationError',
        reason: 'invalid',
      });
    });

    test("answers 404 to a non-Admin revoking someone else's token", async () => {
      const developer = await seedUser(context, { project, role: 'Developer' });
      const created = await create(adminCookie);

      const response = await request(app)
        .delete(`${tokensPath()}/${created.body.token.id}`)
        .set('Cookie', await cookieOf(developer));

      expect([response.status, response.body]).toEqual([
        404,
        { code: 'not_found', message: `No application token ${created.body.token.id}.` },
      ]);
    });

    test('answers 404 for a token of another project', async () => {
      const other = await seedProject(context);
      await context.prisma.projectMembership.create({ data: { projectId: other.id, userId: admin.id, role: 'Admin' } });
      const created = await create(adminCookie, body, other.name);

      const response = await request(app).delete(`${tokensPath()}/${created.body.token.id}`).set('Cookie', adminCookie);

      expect(response.status).toBe(404);
    });

    test.each(['abc', '0', '-1', '1.5'])('answers 400 for the id %s', async (id) => {
      const response = await request(app).delete(`${tokensPath()}/${id}`).set('Cookie', adminCookie);

      expect(response.status).toBe(400);
      expect(response.body.issues).toEqual([{ path: 'params.id', message: expect.any(String) }]);
    });
  });
});
