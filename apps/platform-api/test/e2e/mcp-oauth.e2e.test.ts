import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createAgent } from '@platform/agent';
import { McpOAuthTestClient } from '@platform/agent-testing';
import { createSqlDataSource } from '@platform/datasource-sql';
import { isServiceRequired } from '@platform/tooling/test-services';
import Database from 'better-sqlite3';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { closeAgentEvents } from '../../src/agent-events/agent-events';
import { setMemberTags } from '../../src/agents/member-tags-admin';
import { type RunningServer, serve } from '../../src/http/serve';
import { type AgentWorld, seedAgentWorld } from '../factories/agent-factory';
import { issueToken } from '../factories/token-factory';
import { runCliInContext } from '../helpers/cli-database';
import { silentAgentLogger } from '../helpers/silent-logger';
import { sleep } from '../helpers/sleep';
import { createTestContext, type DatabaseKind, describeEachDatabase, type TestContext } from '../helpers/test-context';

/**
 * An MCP client (the SDK's own OAuth code) connecting to a real agent's MCP server, with a real
 * platform-api as the authority: discovery from the 401, registration, the platform's login and
 * consent pages in headless Chromium, the code exchange through the agent, tool calls as the
 * user, refresh with rotation, and every revocation.
 */

const AUTH_SECRET = 'e2e-mcp-auth-secret-of-at-least-32-characters';
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];
const ORDERS = [
  { id: 1, region: 'EU', amount: 10 },
  { id: 2, region: 'US', amount: 20 },
  { id: 3, region: 'EU', amount: 30 },
];
const REGION_SCOPE = { field: 'region', operator: 'Equal', value: '{{currentUser.tags.region}}' };

const describeWithChromium = existsSync(CHROMIUM) || isServiceRequired() ? describeEachDatabase : skipEachDatabase;
if (!existsSync(CHROMIUM) && !isServiceRequired()) {
  console.warn(`[skipped] MCP authorization in Chromium: ${CHROMIUM} not found (apt-get install -y chromium)`);
}

function skipEachDatabase(name: string, fn: (kind: DatabaseKind) => void): void {
  describe.skip(name, () => fn('pglite'));
}

/** The client's loopback redirect URI, as desktop MCP clients run one: it records what it receives. */
async function startCallback(): Promise<{ url: string; received: URL[]; close: () => Promise<void> }> {
  const received: URL[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // The browser asks for /favicon.ico too.
    if (url.pathname === '/oauth/callback') received.push(url);
    response.setHeader('content-type', 'text/plain');
    response.end('You may close this window.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/callback`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describeWithChromium('an MCP client authorized by platform-api through the agent', (kind: DatabaseKind) => {
  let platform: TestContext;
  let running: RunningServer;
  let world: AgentWorld;
  let dir: string;
  let agent: ReturnType<typeof createAgent>;
  let mcpUrl: string;
  let agentOrigin: string;
  let callback: Awaited<ReturnType<typeof startCallback>>;
  let browser: Browser;
  /** One browser profile: the platform session survives between the tests, as a user's would. */
  let browserContext: BrowserContext;

  const cli = async (...argv: string[]) => {
    const { database } = platform.context.config;
    const env = database.kind === 'postgres' ? { DATABASE_URL: database.url } : { PLATFORM_DATA_DIR: database.dataDir };
    const result = await runCliInContext(platform.context, argv, env);
    if (result.exitCode !== 0) throw new Error(`platform-api ${argv.join(' ')} failed: ${result.stderr}`);
    return result;
  };
  const where = () => ['--project', world.project.name, '--environment', world.environment.name];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} not found; PLATFORM_REQUIRE_SERVICES=1 makes it a failure.`);
    platform = await createTestContext(kind);
    running = await serve(platform.app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 2_000 });
    dir = await mkdtemp(path.join(tmpdir(), 'mcp-oauth-e2e-'));
    const sqliteFile = path.join(dir, 'orders.sqlite');
    const db = new Database(sqliteFile);
    db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, region TEXT NOT NULL, amount INTEGER NOT NULL)');
    for (const order of ORDERS) {
      db.prepare('INSERT INTO orders (id, region, amount) VALUES (?, ?, ?)').run(order.id, order.region, order.amount);
    }
    db.close();

    // The world (and its secret) needs the agent's URL: a free port is taken first. The agent and
    // its MCP server share that listener, so the agent URL's origin is the MCP server's.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    agentOrigin = `http://127.0.0.1:${port}`;
    world = await seedAgentWorld(platform.context, { agentUrl: agentOrigin });
    await setMemberTags(platform.context, {
      project: world.project.name,
      email: world.member.email,
      tags: { region: 'EU' },
    });
    await cli(
      'permissions',
      'grant',
      ...where(),
      '--role',
      'Editor',
      '--collection',
      'orders',
      '--rights',
      'browse,read,edit',
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
    agent = createAgent({
      authSecret: AUTH_SECRET,
      envSecret: world.envSecret,
      serverUrl: running.url,
      host: '127.0.0.1',
      port,
      schemaPath: path.join(dir, '.platform-schema.json'),
      logger: silentAgentLogger,
    })
      .addDataSource(createSqlDataSource(`sqlite:${sqliteFile}`))
      .mountAiMcpServer({ port });
    await agent.start();
    mcpUrl = `${agentOrigin}/mcp`;

    callback = await startCallback();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    browserContext = await browser.newContext();
  });

  afterAll(async () => {
    await browserContext?.close();
    await browser?.close();
    await callback?.close();
    await agent?.stop();
    const stopping = running?.close();
    if (platform) await closeAgentEvents(platform.context);
    await stopping;
    await platform?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Opens the authorization URL the SDK asked for; signs in when the platform asks; answers the consent page. */
  async function authorizeInBrowser(
    oauth: McpOAuthTestClient,
    decision: 'approve' | 'deny' | 'none' = 'approve',
  ): Promise<{ callbackUrl: URL; consentText: string | undefined }> {
    const before = callback.received.length;
    const page = await browserContext.newPage();
    let consentText: string | undefined;
    try {
      await page.goto((oauth.authorizationUrl as URL).href);
      if (page.url().includes('/login')) {
        await page.fill('#email', world.member.email);
        await page.fill('#password', 'correct-password');
        await page.click('button[type=submit]');
        await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 10_000 });
      }
      if (page.url().startsWith(running.url)) {
        consentText = (await page.textContent('body')) ?? '';
        if (decision !== 'none') await page.click(`button[value=${decision}]`);
      }
      await page.waitForURL((url) => url.href.startsWith(callback.url), { timeout: 10_000 });
    } finally {
      await page.close();
    }
    const callbackUrl = callback.received.at(-1);
    if (callback.received.length === before || callbackUrl === undefined) throw new Error('The client got no answer.');
    return { callbackUrl, consentText };
  }

  async function connect(oauth: McpOAuthTestClient): Promise<Client> {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: oauth }));
    return client;
  }

  const newClient = (scope = 'mcp:read mcp:write') =>
    new McpOAuthTestClient({ clientName: 'E2E Desktop', redirectUrl: callback.url, scope });

  const refresh = (oauth: McpOAuthTestClient, refreshToken: string) =>
    fetch(`${agentOrigin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: oauth.clientInformation()?.client_id as string,
      }),
    });

  let firstClient: McpOAuthTestClient;

  test('discovers, registers, signs in, consents, and lists the records of the user scope', async () => {
    firstClient = newClient();
    expect(await auth(firstClient, { serverUrl: mcpUrl, scope: 'mcp:read mcp:write' })).toBe('REDIRECT');

    const { callbackUrl, consentText } = await authorizeInBrowser(firstClient);
    const code = callbackUrl.searchParams.get('code');
    expect(callbackUrl.searchParams.get('state')).toBe(firstClient.lastState);
    expect(await auth(firstClient, { serverUrl: mcpUrl, authorizationCode: code ?? '' })).toBe('AUTHORIZED');
    const client = await connect(firstClient);
    const listed = await client.callTool({ name: 'list', arguments: { collection: 'orders', sort: 'id' } });
    await client.close();

    expect(consentText).toContain('E2E Desktop');
    expect(consentText).toContain(world.environment.name);
    expect(consentText).toContain(new URL(callback.url).host);
    const records = (listed.structuredContent as { records: Array<{ id: string }> }).records;
    expect(records.map((entry) => entry.id)).toEqual(['1', '3']);
    expect(firstClient.tokens()?.scope).toBe('mcp:read mcp:write');
  });

  test('the tool calls are in the activity log with source mcp, attributed to the user', async () => {
    const { value: token } = await issueToken(platform.context, world.project, world.admin, {
      scopes: ['activity_logs:read'],
    });
    const url = `${running.url}/v1/project/${encodeURIComponent(world.project.name)}/environment/${encodeURIComponent(world.environment.name)}/activity-logs?source=mcp&limit=100`;
    const read = async () => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as { data: Array<{ user?: { id: number }; collection?: { name: string } }> })
        .data;
    };
    let entries = await read();
    for (const deadline = Date.now() + 5_000; entries.length === 0 && Date.now() < deadline; ) {
      await sleep(100);
      entries = await read();
    }

    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ user: { id: world.member.id }, collection: { name: 'orders' } });
  });

  test('a second authorization of the same client and scopes skips the consent page', async () => {
    await auth(firstClient, { serverUrl: mcpUrl, scope: 'mcp:read mcp:write' }).catch(() => undefined);
    firstClient.invalidateCredentials('tokens');
    expect(await auth(firstClient, { serverUrl: mcpUrl, scope: 'mcp:read mcp:write' })).toBe('REDIRECT');

    const { callbackUrl, consentText } = await authorizeInBrowser(firstClient, 'none');

    expect(consentText).toBeUndefined();
    expect(callbackUrl.searchParams.get('code')).toEqual(expect.any(String));
  });

  test('a denied consent sends the client back with access_denied, and no token', async () => {
    const oauth = newClient('mcp:read');
    await auth(oauth, { serverUrl: mcpUrl, scope: 'mcp:read' });

    const { callbackUrl } = await authorizeInBrowser(oauth, 'deny');

    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    expect(callbackUrl.searchParams.get('code')).toBeNull();
  });

  test('a refresh rotates the token; replaying the old one revokes the grant', async () => {
    const oauth = newClient('mcp:read');
    await auth(oauth, { serverUrl: mcpUrl, scope: 'mcp:read' });
    const { callbackUrl } = await authorizeInBrowser(oauth);
    await auth(oauth, { serverUrl: mcpUrl, authorizationCode: callbackUrl.searchParams.get('code') ?? '' });
    const first = oauth.tokens()?.refresh_token as string;

    const rotated = await refresh(oauth, first);
    const second = ((await rotated.json()) as { refresh_token: string }).refresh_token;
    const replayed = await refresh(oauth, first);
    const afterReplay = await refresh(oauth, second);

    expect(rotated.status).toBe(200);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' });
    expect(afterReplay.status).toBe(400);
  });

  test('an invalid access token makes the SDK refresh, and the call goes through', async () => {
    const oauth = newClient('mcp:read');
    await auth(oauth, { serverUrl: mcpUrl, scope: 'mcp:read' });
    const { callbackUrl } = await authorizeInBrowser(oauth);
    await auth(oauth, { serverUrl: mcpUrl, authorizationCode: callbackUrl.searchParams.get('code') ?? '' });
    const tokens = oauth.tokens() as NonNullable<ReturnType<McpOAuthTestClient['tokens']>>;
    const [header, payload] = tokens.access_token.split('.');
    oauth.saveTokens({ ...tokens, access_token: `${header}.${payload}.invalidsignature` });

    const client = await connect(oauth);
    const listed = await client.callTool({ name: 'list', arguments: { collection: 'orders' } });
    await client.close();

    expect(listed.isError).toBeFalsy();
    expect(oauth.tokens()?.refresh_token).not.toBe(tokens.refresh_token);
  });

  test('an operator revocation stops the refresh token at once', async () => {
    const oauth = newClient('mcp:read');
    await auth(oauth, { serverUrl: mcpUrl, scope: 'mcp:read' });
    const { callbackUrl } = await authorizeInBrowser(oauth);
    await auth(oauth, { serverUrl: mcpUrl, authorizationCode: callbackUrl.searchParams.get('code') ?? '' });
    const listed = await cli('mcp', 'grants', 'list', '--user', world.member.email, '--json');
    const active = listed.json<{ grants: Array<{ id: number }> }>().grants;
    expect(active.length).toBeGreaterThan(0);

    for (const grant of active) await cli('mcp', 'grants', 'revoke', String(grant.id));
    const refused = await refresh(oauth, oauth.tokens()?.refresh_token as string);

    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
    const logged = await platform.context.prisma.adminLog.findMany({
      where: { projectId: world.project.id, action: { startsWith: 'mcp_grant.' } },
    });
    expect(logged.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['mcp_grant.consent', 'mcp_grant.revoke']),
    );
  });

  test('a user taken out of the team is refused at the next refresh', async () => {
    const oauth = newClient('mcp:read');
    await auth(oauth, { serverUrl: mcpUrl, scope: 'mcp:read' });
    const { callbackUrl } = await authorizeInBrowser(oauth);
    await auth(oauth, { serverUrl: mcpUrl, authorizationCode: callbackUrl.searchParams.get('code') ?? '' });

    await platform.context.prisma.teamMembership.deleteMany({
      where: { teamId: world.team.id, userId: world.member.id },
    });
    const refused = await refresh(oauth, oauth.tokens()?.refresh_token as string);

    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
