import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { createApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { createErrorHandler } from '../../src/http/error-handler';
import { createSession } from '../../src/identity/sessions-service';
import { createLogger } from '../../src/logger';
import { requireApplicationToken } from '../../src/tokens/require-token';
import { TOKEN_PREFIX } from '../../src/tokens/token-format';
import { createTokensService, listTokens, revokeToken } from '../../src/tokens/tokens-service';
import { seedProject } from '../factories/project-factory';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

/** Every row of every table of the public schema, as JSON text: a dump of all the data. */
async function dumpDatabase(context: AppContext): Promise<string> {
  const tables = await context.prisma.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  const dumps = await Promise.all(
    tables.map(async ({ table_name }) => {
      const rows = await context.prisma.$queryRawUnsafe<{ row: string }[]>(
        `SELECT row_to_json(t)::text AS row FROM "${table_name.replaceAll('"', '""')}" t`,
      );
      return rows.map((row) => row.row).join('\n');
    }),
  );
  return dumps.join('\n');
}

describeEachDatabase('token secrecy', (kind) => {
  let testContext: TestContext;
  let context: AppContext;

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    context = testContext.context;
  });
  afterAll(() => testContext.close());

  test('no table holds a token value, nor its random part, after creation, use and revocation', async () => {
    const project = await seedProject(context);
    const admin = await seedUser(context, { project });
    const { token: session } = await createSession(context, { userId: admin.id, isSso: false });
    const cookie = `platform_session=${session}`;
    const values: string[] = [];
    for (const name of ['kept', 'revoked']) {
      const created = await request(testContext.app)
        .post(`/api/projects/${project.name}/tokens`)
        .set('Cookie', cookie)
        .send({ name, scopes: ['all'], permissionLevel: 'read-write' });
      values.push(created.body.value);
    }
    const tokens = createTokensService(context);
    const publicApi = express()
      .get(
        '/v1/project/:projectName/ping',
        requireApplicationToken(context, { scopes: ['notes:read'], tokens }),
        (_req, res) => {
          res.json({});
        },
      )
      .use(createErrorHandler(context.logger));
    for (const value of values) {
      expect(
        (await request(publicApi).get(`/v1/project/${project.name}/ping`).set('Authorization', `Bearer ${value}`))
          .status,
      ).toBe(200);
    }
    await tokens.flushUsage();
    const [, revoked] = await listTokens(context, { projectId: project.id });
    await revokeToken(context, revoked!.id, admin.id);

    const dump = await dumpDatabase(context);

    expect(await context.prisma.adminLog.count({ where: { projectId: project.id } })).toBe(5);
    expect(dump).toContain(revoked!.displayPrefix);
    for (const value of values) {
      expect(dump).not.toContain(value);
      expect(dump).not.toContain(value.slice(TOKEN_PREFIX.length));
      expect(dump).not.toContain(value.slice(TOKEN_PREFIX.length, -6));
    }
  });
});

describe('request logs', () => {
  let testContext: TestContext;

  beforeAll(async () => {
    testContext = await createTestContext('pglite');
  });
  afterAll(() => testContext.close());

  // platform-api's logger (src/logger.ts) redacts credentials from the request lines (src/http/request-logger.ts): a
  // log line is not a place for a bearer token or a session cookie.
  test('never contain the Authorization header or the session cookie', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = createApp({ ...testContext.context, logger: createLogger({ PLATFORM_LOG_LEVEL: 'trace' }, sink) });
    const value = `plat_${'S'.repeat(43)}SECRET`;

    await request(app)
      .get('/api/projects/any/tokens')
      .set('Authorization', `Bearer ${value}`)
      .set('Cookie', 'platform_session=COOKIE-SECRET');

    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(value);
    expect(lines.join('\n')).not.toContain('COOKIE-SECRET');
  });
});
