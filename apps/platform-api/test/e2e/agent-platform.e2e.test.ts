import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAgent } from '@platform/agent';
import { createSqlDataSource } from '@platform/datasource-sql';
import { agentContract } from '@platform/platform-contract';
import { isServiceRequired } from '@platform/tooling/test-services';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { chromium } from 'playwright-core';
import { closeAgentEvents } from '../../src/agent-events/agent-events';
import { setMemberTags } from '../../src/agents/member-tags-admin';
import { mintUserToken } from '../../src/agents/mint-user-token';
import type { User } from '../../src/generated/prisma/client';
import { type RunningServer, serve } from '../../src/http/serve';
import { type AgentWorld, seedAgentWorld } from '../factories/agent-factory';
import { issueToken } from '../factories/token-factory';
import { runCliInContext } from '../helpers/cli-database';
import { freePort } from '../helpers/free-port';
import { silentAgentLogger } from '../helpers/silent-logger';
import { sleep } from '../helpers/sleep';
import { createTestContext, type DatabaseKind, describeEachDatabase, type TestContext } from '../helpers/test-context';

/**
 * A real agent (`@platform/agent` + `@platform/datasource-sql` on a SQLite file) connected with
 * `serverUrl` and the environment secret to a real platform-api on a socket, configured through
 * the platform's CLI and services. The tests of a database kind run in order on one world: the
 * outage comes last since it stops the platform.
 */

const AUTH_SECRET = 'e2e-auth-secret-of-at-least-32-characters!!';
const ORDERS = [
  { id: 1, region: 'EU', amount: 10 },
  { id: 2, region: 'EU', amount: 20 },
  { id: 3, region: 'US', amount: 30 },
  { id: 4, region: 'US', amount: 40 },
  { id: 5, region: 'EU', amount: 50 },
  { id: 6, region: 'EU', amount: 60 },
];
const US_ROWS = ORDERS.filter((order) => order.region === 'US');
/** The team's scope: a member sees the orders of their `region` tag. */
const REGION_SCOPE = { field: 'region', operator: 'Equal', value: '{{currentUser.tags.region}}' };

/** Debian's Chromium (`apt-get install chromium`), as test/identity/login-page.browser.test.ts. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];

type Order = { id: number; region: string; amount: number };

/** Calls `attempt` until it returns `expected` or `withinMs` passes; resolves to the last value and the time taken. */
async function pollFor<T>(
  attempt: () => Promise<T>,
  expected: T,
  withinMs: number,
): Promise<{ value: T; elapsedMs: number }> {
  const startedAt = Date.now();
  let value = await attempt();
  while (value !== expected && Date.now() - startedAt < withinMs) {
    await sleep(20);
    value = await attempt();
  }
  return { value, elapsedMs: Date.now() - startedAt };
}

describeEachDatabase('a real agent connected to a real platform-api', (kind: DatabaseKind) => {
  let platform: TestContext;
  let running: RunningServer;
  let isPlatformUp = false;
  let world: AgentWorld;
  let dir: string;
  let sqliteFile: string;
  let agentPort: number;
  /** The agent's routes (`<origin>/platform`); the environment's `agentUrl` is the origin. */
  let agentUrl: string;
  const platformRequests: string[] = [];
  const agents: Array<ReturnType<typeof createAgent>> = [];

  const where = () => ['--project', world.project.name, '--environment', world.environment.name];
  const cli = async (...argv: string[]) => {
    const { database } = platform.context.config;
    const env = database.kind === 'postgres' ? { DATABASE_URL: database.url } : { PLATFORM_DATA_DIR: database.dataDir };
    const result = await runCliInContext(platform.context, argv, env);
    if (result.exitCode !== 0) throw new Error(`platform-api ${argv.join(' ')} failed: ${result.stderr}`);
    return result;
  };

  const readOrders = (): Order[] => {
    const reader = new Database(sqliteFile, { readonly: true });
    try {
      return reader.prepare('SELECT id, region, amount FROM orders ORDER BY id').all() as Order[];
    } finally {
      reader.close();
    }
  };

  /** An agent user token (HS256 with authSecret) for `user` as the platform describes them. */
  const tokenOf = (user: User, role: string) =>
    new SignJWT({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      team: world.team.name,
      role,
      tags: {},
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(AUTH_SECRET));

  const call = async (method: string, route: string, token: string, body?: unknown) =>
    fetch(`${agentUrl}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const startAgent = async (options: {
    port: number;
    platformCache?: { refreshAfterMs: number; maxAgeMs: number };
  }) => {
    const started = createAgent({
      authSecret: AUTH_SECRET,
      envSecret: world.envSecret,
      serverUrl: running.url,
      host: '127.0.0.1',
      port: options.port,
      schemaPath: path.join(dir, '.platform-schema.json'),
      logger: silentAgentLogger,
      ...(options.platformCache ? { platformCache: options.platformCache } : {}),
    }).addDataSource(createSqlDataSource(`sqlite:${sqliteFile}`));
    agents.push(started);
    await started.start();
    return started;
  };

  const stopPlatform = async () => {
    if (!isPlatformUp) return;
    isPlatformUp = false;
    const stopping = running.close();
    await closeAgentEvents(platform.context);
    await stopping;
  };

  const schemaCalls = () => ({
    checks: platformRequests.filter((line) => line === `POST ${agentContract.checkSchema.path}`).length,
    uploads: platformRequests.filter((line) => line === `PUT ${agentContract.uploadSchema.path}`).length,
  });

  let memberToken: string;
  let adminToken: string;
  let firstUpload: { hash: string; uploadedAt: Date } | null;
  let callsAfterFirstStart: ReturnType<typeof schemaCalls>;

  beforeAll(async () => {
    platform = await createTestContext(kind);
    running = await serve(
      (request: IncomingMessage, response: ServerResponse) => {
        platformRequests.push(`${request.method} ${request.url?.split('?')[0]}`);
        platform.app(request, response);
      },
      { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 2_000 },
    );
    isPlatformUp = true;
    agentPort = await freePort();
    agentUrl = `http://127.0.0.1:${agentPort}/platform`;
    world = await seedAgentWorld(platform.context, { agentUrl: `http://127.0.0.1:${agentPort}` });
    // The Admin joins the team too (a user needs a team rendering the environment).
    await platform.context.prisma.teamMembership.create({ data: { teamId: world.team.id, userId: world.admin.id } });
    for (const user of [world.member, world.admin]) {
      await setMemberTags(platform.context, { project: world.project.name, email: user.email, tags: { region: 'EU' } });
    }
    await cli(
      'permissions',
      'grant',
      ...where(),
      '--role',
      'Editor',
      '--collection',
      'orders',
      '--rights',
      'browse,read,edit,export',
    );
    await cli(
      'scopes',
      'set',
      ...where(),
      '--team',
      world.team.name,
      '--collection',
      'orders',
      '--condition',
      JSON.stringify(REGION_SCOPE),
    );

    dir = await mkdtemp(path.join(tmpdir(), 'agent-platform-e2e-'));
    sqliteFile = path.join(dir, 'orders.sqlite');
    const db = new Database(sqliteFile);
    db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, region TEXT NOT NULL, amount INTEGER NOT NULL)');
    const insert = db.prepare('INSERT INTO orders (id, region, amount) VALUES (?, ?, ?)');
    for (const order of ORDERS) insert.run(order.id, order.region, order.amount);
    db.close();

    // First start, then a second agent with the same schema (the first one stopped).
    const first = await startAgent({ port: agentPort });
    callsAfterFirstStart = schemaCalls();
    firstUpload = await platform.context.prisma.agentSchema.findUnique({
      where: { environmentId: world.environment.id },
    });
    await first.stop();
    await sleep(20);
    await startAgent({ port: agentPort });

    memberToken = await tokenOf(world.member, 'Editor');
    adminToken = await tokenOf(world.admin, 'Admin');
  });

  afterAll(async () => {
    for (const started of agents) await started.stop().catch(() => undefined);
    await stopPlatform();
    await platform?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('start sends the schema hash, then uploads the schema once; the next start does not', async () => {
    expect(callsAfterFirstStart).toEqual({ checks: 1, uploads: 1 });
    expect(firstUpload).toMatchObject({ hash: expect.any(String) });
    expect((firstUpload?.hash ?? '').length).toBeGreaterThan(0);

    expect(schemaCalls()).toEqual({ checks: 2, uploads: 1 });
    const row = await platform.context.prisma.agentSchema.findUnique({
      where: { environmentId: world.environment.id },
    });
    expect(row?.uploadedAt).toEqual(firstUpload?.uploadedAt);
    const schema = row?.schema as { collections: Array<{ name: string }> } | undefined;
    expect(schema?.collections.map((collection) => collection.name)).toEqual(['orders']);
  });

  test('a role denied delete gets 403 and deletes nothing; the Admin may delete', async () => {
    const denied = await call('DELETE', '/orders/6', memberToken);

    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ errors: [{ name: 'ForbiddenError', status: 403 }] });
    expect(readOrders().map((order) => order.id)).toContain(6);

    expect((await call('DELETE', '/orders/6', adminToken)).status).toBe(204);
    expect(readOrders().map((order) => order.id)).not.toContain(6);
  });

  describe("the team's scope", () => {
    const euIds = [1, 2, 5];

    test('restricts the rows listed, counted and exported', async () => {
      expect(readOrders().filter((order) => order.region === 'US')).toEqual(US_ROWS);

      const list = await call('GET', '/orders', memberToken);
      expect(list.status).toBe(200);
      const { data } = (await list.json()) as { data: Array<{ id: number }> };
      const count = await (await call('GET', '/orders/count', memberToken)).json();
      const csv = await (await call('GET', '/orders.csv?fields[orders]=id,region', memberToken)).text();

      expect(data.map((order) => Number(order.id)).sort()).toEqual(euIds);
      expect(count).toEqual({ meta: { count: euIds.length } });
      const csvLines = csv.trim().split(/\r?\n/);
      expect(csvLines).toHaveLength(euIds.length + 1);
      expect(csvLines.slice(1).every((line) => line.endsWith('EU'))).toBe(true);
    });

    test('keeps out-of-scope rows from being updated', async () => {
      const outside = await call('PUT', '/orders/3', memberToken, { data: { amount: 999 } });

      expect(outside.status).toBe(404);
      expect(readOrders().find((order) => order.id === 3)).toEqual(US_ROWS[0]);
      expect((await call('PUT', '/orders/2', memberToken, { data: { amount: 222 } })).status).toBe(200);
      expect(readOrders().find((order) => order.id === 2)?.amount).toBe(222);
    });

    test('keeps out-of-scope rows from being deleted, one, some or all', async () => {
      await cli('permissions', 'grant', ...where(), '--role', 'Editor', '--collection', 'orders', '--rights', 'delete');
      // Granted once the agent answers 404 (not found in scope) rather than 403.
      const granted = await pollFor(async () => (await call('DELETE', '/orders/3', memberToken)).status, 404, 1_000);
      expect(granted.value).toBe(404);

      expect((await call('DELETE', '/orders', memberToken, { ids: ['4', '5'] })).status).toBe(204);
      expect(readOrders().map((order) => order.id)).toEqual([1, 2, 3, 4]);
      expect((await call('DELETE', '/orders', memberToken, { allRecords: true })).status).toBe(204);

      expect(readOrders()).toEqual(US_ROWS);
    });
  });

  test("an admin CLI revoke, then grant, reaches the agent's cached permission within a second", async () => {
    const status = async () => (await call('DELETE', '/orders/3', memberToken)).status;
    expect(await status()).toBe(404); // granted (previous test), warm cache

    await cli('permissions', 'revoke', ...where(), '--role', 'Editor', '--collection', 'orders', '--rights', 'delete');
    const revoked = await pollFor(status, 403, 1_000);
    expect(revoked.value).toBe(403);

    await cli('permissions', 'grant', ...where(), '--role', 'Editor', '--collection', 'orders', '--rights', 'delete');
    const granted = await pollFor(status, 404, 1_000);
    expect(granted.value).toBe(404);
    expect(readOrders()).toEqual(US_ROWS);
  });

  test('the activity is attributed to the user, read through the public API', async () => {
    const { value: token } = await issueToken(platform.context, world.project, world.admin, {
      scopes: ['activity_logs:read'],
    });
    const url = `${running.url}/v1/project/${encodeURIComponent(world.project.name)}/environment/${encodeURIComponent(world.environment.name)}/activity-logs?source=agent&limit=100`;
    type Entry = {
      action: string;
      user?: { id: number; email: string };
      collection?: { name: string };
      recordId?: string;
    };
    const read = async () => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: Entry[] }).data;
    };
    // The agent sends its entries every second.
    const found = await pollFor(
      async () => (await read()).some((entry) => entry.action === 'update' && entry.recordId === '2'),
      true,
      5_000,
    );
    expect(found.value).toBe(true);

    const entries = await read();
    const update = entries.find((entry) => entry.action === 'update' && entry.recordId === '2');
    expect(update).toMatchObject({
      user: { id: world.member.id, email: world.member.email },
      collection: { name: 'orders' },
    });
    const adminDelete = entries.find((entry) => entry.action === 'delete' && entry.recordId === '6');
    expect(adminDelete).toMatchObject({ user: { id: world.admin.id, email: world.admin.email } });
    expect(entries.some((entry) => entry.action === 'export' && entry.user?.id === world.member.id)).toBe(true);
  });

  test('a platform-minted token is accepted; after `keys rotate` old and new tokens work', async () => {
    const mint = () =>
      mintUserToken(platform.context, {
        userId: world.member.id,
        environmentId: world.environment.id,
        purpose: 'workflow',
      });
    const oldToken = await mint();
    expect((await call('GET', '/orders', oldToken)).status).toBe(200);

    const rotated = await cli('keys', 'rotate', '--json');
    const newToken = await mint();
    expect(JSON.parse(Buffer.from(newToken.split('.')[0] ?? '', 'base64url').toString()).kid).toBe(
      rotated.json<{ kid: string }>().kid,
    );

    const fresh = await call('GET', '/orders', newToken);
    expect({ status: fresh.status, body: fresh.status === 200 ? '' : await fresh.text() }).toEqual({
      status: 200,
      body: '',
    });
    expect((await call('GET', '/orders', oldToken)).status).toBe(200);
  });

  const describeWithChromium = existsSync(CHROMIUM) || isServiceRequired() ? describe : describe.skip;
  if (!existsSync(CHROMIUM) && !isServiceRequired()) {
    console.warn(`[skipped] sign-in in Chromium: ${CHROMIUM} not found (apt-get install -y chromium)`);
  }
  describeWithChromium('sign-in in headless Chromium', () => {
    test("the platform's login page leads back to the agent, whose token lists records", async () => {
      if (!existsSync(CHROMIUM)) {
        throw new Error(`${CHROMIUM} not found; PLATFORM_REQUIRE_SERVICES=1 makes a missing browser a failure.`);
      }
      const answer = await fetch(`${agentUrl}/authentication?redirectTo=${encodeURIComponent('/orders')}`);
      expect(answer.status).toBe(200);
      const { authorizationUrl } = (await answer.json()) as { authorizationUrl: string };
      expect(authorizationUrl.startsWith(`${running.url}/agent-auth/authorize?`)).toBe(true);

      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const page = await browser.newPage();
        await page.goto(authorizationUrl);
        await page.waitForSelector('#password');
        await page.fill('#email', world.member.email);
        await page.fill('#password', 'correct-password');
        await page.click('button[type=submit]');
        await page.waitForURL((url) => url.href.startsWith(`${agentUrl}/authentication/callback?`), {
          timeout: 10_000,
        });
        const body = JSON.parse((await page.textContent('body')) ?? '') as {
          token: string;
          tokenData: { id: number; email: string };
          redirectTo?: string;
        };

        expect(body.tokenData).toMatchObject({ id: world.member.id, email: world.member.email });
        expect(body.redirectTo).toBe('/orders');
        const writer = new Database(sqliteFile);
        writer.prepare('INSERT INTO orders (id, region, amount) VALUES (7, ?, 70)').run('EU');
        writer.close();
        const list = await call('GET', '/orders', body.token);
        expect(list.status).toBe(200);
        const { data } = (await list.json()) as { data: Array<{ id: number }> };
        expect(data.map((order) => Number(order.id))).toEqual([7]);
      } finally {
        await browser.close();
      }
    });
  });

  test('a platform outage: warm requests are served from the cache, then 503 past its max age', async () => {
    const maxAgeMs = 1_500;
    const shortCached = await startAgent({ port: 0, platformCache: { refreshAfterMs: 100, maxAgeMs } });
    const shortUrl = `http://127.0.0.1:${shortCached.standaloneServerPort}/platform`;
    const list = () => fetch(`${shortUrl}/orders`, { headers: { authorization: `Bearer ${memberToken}` } });
    expect((await list()).status).toBe(200);

    await stopPlatform();
    const down = await fetch(`${running.url}/health`).then(
      (response) => `answered ${response.status}`,
      (error: unknown) => String(error),
    );
    expect(down).toMatch(/fetch failed/);

    expect((await list()).status).toBe(200);
    const outage = await pollFor(async () => (await list()).status, 503, maxAgeMs * 3);
    expect(outage.value).toBe(503);
    expect(outage.elapsedMs).toBeGreaterThan(maxAgeMs / 2);
    expect(await (await list()).json()).toMatchObject({
      errors: [
        { name: 'PlatformUnavailableError', status: 503, detail: expect.stringMatching(/platform.*too old to use/) },
      ],
    });
  });
});
