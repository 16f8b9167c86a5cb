import { describeWithService } from '@platform/tooling/test-services';
import { createApp } from '../../src/app';
import type { AppContext } from '../../src/context';
import { createPostgresPrismaClient } from '../../src/db/create-prisma-client';
import { type RunningServer, serve } from '../../src/http/serve';
import { revokeToken } from '../../src/tokens/tokens-service';
import { seedNote } from '../factories/note-factory';
import { issueToken } from '../factories/token-factory';
import { setRole } from '../factories/user-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Two platform-api instances on one PostgreSQL database, each with its own connection pool and
 * listening socket: the notes listing authenticates the token in its page statement, uncached,
 * so a revocation or a role change made through one instance holds on the very next request to
 * the other (#36 item 4).
 */
describeWithService('postgres', 'notes listing across two instances on one PostgreSQL', () => {
  let testContext: TestContext;
  let secondContext: AppContext;
  let servers: RunningServer[];
  let world: World;

  const listing = async (server: RunningServer | undefined, token: string) => {
    const response = await fetch(
      `${server?.url}/v1/project/${world.project.name}/environment/${world.environment.name}/notes`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const body = (await response.json()) as { data?: unknown[] };
    return { status: response.status, notes: body.data?.length };
  };

  beforeAll(async () => {
    testContext = await createTestContext('postgres');
    const { database } = testContext.context.config;
    if (database.kind !== 'postgres') throw new Error('expected a PostgreSQL test context');
    secondContext = { ...testContext.context, prisma: createPostgresPrismaClient(database.url) };
    const options = { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1000 };
    servers = [await serve(createApp(testContext.context), options), await serve(createApp(secondContext), options)];
    world = await seedWorld(testContext.context);
    await seedNote(testContext.context, { environment: world.environment, user: world.admin, recordId: '1' });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await secondContext.prisma.$disconnect();
    await testContext.close();
  });

  test('a token revoked through one instance gets 401 on the next request to the other', async () => {
    const token = await issueToken(testContext.context, world.project, world.admin);
    expect(await listing(servers[0], token.value)).toEqual({ status: 200, notes: 1 });
    expect(await listing(servers[1], token.value)).toEqual({ status: 200, notes: 1 });

    await revokeToken(secondContext, token.id, null);

    expect((await listing(servers[0], token.value)).status).toBe(401);
    expect((await listing(servers[1], token.value)).status).toBe(401);
  });

  test('a token whose user is demoted through one instance gets 403 on the next request to the other', async () => {
    const token = await issueToken(testContext.context, world.project, world.admin);
    expect(await listing(servers[0], token.value)).toEqual({ status: 200, notes: 1 });

    await setRole(secondContext, world.project, world.admin, 'Developer');
    try {
      expect((await listing(servers[0], token.value)).status).toBe(403);
    } finally {
      await setRole(secondContext, world.project, world.admin, 'Admin');
    }
    expect(await listing(servers[0], token.value)).toEqual({ status: 200, notes: 1 });
  });
});
