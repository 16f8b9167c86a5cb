import { describeWithService } from '@platform/tooling/test-services';
import express from 'express';
import request from 'supertest';
import type { AppContext } from '../../src/context';
import { createPostgresPrismaClient } from '../../src/db/create-prisma-client';
import { createErrorHandler } from '../../src/http/error-handler';
import { createSession } from '../../src/identity/sessions-service';
import { getTokenAuth, requireApplicationToken } from '../../src/tokens/require-token';
import { createTokensService, type TokensService } from '../../src/tokens/tokens-service';
import { seedProject } from '../factories/project-factory';
import { seedUser, setRole } from '../factories/user-factory';
import { createTestContext, type TestContext } from '../helpers/test-context';

/** One platform-api "instance" as the public API would mount it: its own client, its own service. */
function publicApiOf(context: AppContext, tokens: TokensService): express.Express {
  return express()
    .get(
      '/v1/project/:projectName/ping',
      requireApplicationToken(context, { scopes: ['notes:read'], tokens }),
      (_req, res) => {
        res.json({ tokenId: getTokenAuth(res).token.id });
      },
    )
    .use(createErrorHandler(context.logger));
}

describeWithService('postgres', 'token revocation across instances sharing one PostgreSQL', () => {
  let instanceA: TestContext;
  let contextB: AppContext;
  let tokensB: TokensService;
  let publicApiB: express.Express;

  beforeAll(async () => {
    instanceA = await createTestContext('postgres');
    const { database } = instanceA.context.config;
    if (database.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    contextB = { ...instanceA.context, prisma: createPostgresPrismaClient(database.url) };
    tokensB = createTokensService(contextB);
    publicApiB = publicApiOf(contextB, tokensB);
  });
  afterAll(async () => {
    await tokensB.flushUsage();
    await contextB.prisma.$disconnect();
    await instanceA.close();
  });

  async function setUp() {
    const project = await seedProject(instanceA.context);
    const admin = await seedUser(instanceA.context, { project });
    const { token: session } = await createSession(instanceA.context, { userId: admin.id, isSso: false });
    const cookie = `platform_session=${session}`;
    const created = await request(instanceA.app)
      .post(`/api/projects/${project.name}/tokens`)
      .set('Cookie', cookie)
      .send({ name: 'integration', scopes: ['notes:read'], permissionLevel: 'read-only' });
    const pingB = () =>
      request(publicApiB).get(`/v1/project/${project.name}/ping`).set('Authorization', `Bearer ${created.body.value}`);
    return { project, admin, cookie, created, pingB };
  }

  test('a token revoked through instance A is refused by instance B on its very next request', async () => {
    const { project, cookie, created, pingB } = await setUp();
    const warmedUp = await Promise.all([pingB(), pingB(), pingB()]);

    const revocation = await request(instanceA.app)
      .delete(`/api/projects/${project.name}/tokens/${created.body.token.id}`)
      .set('Cookie', cookie);
    const next = await pingB();

    expect(warmedUp.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(revocation.status).toBe(200);
    expect([next.status, next.body]).toEqual([
      401,
      { error: 'Unauthorized', message: 'Invalid or missing application token.' },
    ]);
  });

  test("a user demoted through instance A loses their tokens' access on instance B at once", async () => {
    const { project, admin, pingB } = await setUp();
    expect((await pingB()).status).toBe(200);

    await setRole(instanceA.context, project, admin, 'Developer');
    const next = await pingB();

    expect([next.status, next.body]).toEqual([
      403,
      {
        error: 'Forbidden',
        message: "Insufficient permissions: the token's user must have the Admin role on the project.",
      },
    ]);
  });
});
