import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { chromium } from 'playwright-core';
import { packageRoot } from '../../src/config/package-root';
import type { DemoSetup } from '../../src/demo/demo-setup';
import { freePort } from '../helpers/free-port';
import { sleep } from '../helpers/sleep';
import type { paths } from './generated/public-api';

// The scenario a newcomer follows, over real sockets: `npm start`'s quickstart (platform-api with the
// demo setup, the example agent connected to it), sign-in through the agent and the login page in
// headless Chromium, records listed through the agent, a token created in the signed-in session, the
// sample workflow triggered through its webhook and followed to `succeeded`, the record updated, the
// note and the activity read back. The public API is called through a client generated from the
// served OpenAPI document (openapi-typescript + openapi-fetch), as an integrator would.
const repositoryRoot = path.join(packageRoot(), '..', '..');
const QUICKSTART = path.join(repositoryRoot, 'tooling', 'scripts', 'quickstart.mjs');
const BUILT = [
  path.join(repositoryRoot, 'apps', 'platform-api', 'dist', 'cli.cjs'),
  path.join(repositoryRoot, 'apps', 'example', 'dist', 'main.cjs'),
];
const GENERATED_TYPES = path.join(__dirname, 'generated', 'public-api.d.ts');
const OPENAPI_TYPESCRIPT = path.join(packageRoot(), 'node_modules', '.bin', 'openapi-typescript');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];
/** The order the example's sample database creates `paid` (tooling/scripts/quickstart.mjs SAMPLE_ORDER_ID). */
const PAID_ORDER_ID = '1';

interface Ready {
  readonly status: 'ready';
  readonly platformUrl: string;
  readonly agentUrl: string;
  readonly mcpUrl: string;
  readonly isConnected: boolean;
  readonly demo: DemoSetup;
}

/** The quickstart's one JSON line on stdout; its children's output goes to stderr, kept for failures. */
function readyLine(child: ChildProcess, stderr: string[]): Promise<Ready> {
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line.startsWith('{"status":"ready"')) resolve(JSON.parse(line) as Ready);
    });
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => stderr.push(line));
    child.once('exit', (code) => reject(new Error(`quickstart exited with ${code}:\n${stderr.slice(-30).join('\n')}`)));
  });
}

describe('the quickstart scenario, as a newcomer follows it', () => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'platform-quickstart-'));
  const stderr: string[] = [];
  let quickstart: ChildProcess;
  let ready: Ready;
  /** The application token created in the signed-in session (step 2), used from step 3 on. */
  let sessionToken = '';
  /** The agent's token of the signed-in admin (step 2). */
  let agentToken = '';

  beforeAll(async () => {
    for (const file of BUILT) {
      if (!existsSync(file)) throw new Error(`${file} is missing: build first (pnpm build; npm test builds first).`);
    }
    const [platformPort, examplePort] = [await freePort(), await freePort()];
    const { NODE_OPTIONS: _nodeOptions, DATABASE_URL: _databaseUrl, ...env } = process.env;
    quickstart = spawn(process.execPath, [QUICKSTART, '--json'], {
      cwd: repositoryRoot,
      env: {
        ...env,
        PORT: String(platformPort),
        EXAMPLE_PORT: String(examplePort),
        PLATFORM_DATA_DIR: path.join(workDir, 'platform'),
        EXAMPLE_DATA_DIR: path.join(workDir, 'example'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    ready = await readyLine(quickstart, stderr);
  }, 120_000);

  afterAll(async () => {
    if (quickstart && quickstart.exitCode === null) {
      const exited = once(quickstart, 'exit');
      quickstart.kill('SIGTERM');
      await exited;
    }
    rmSync(workDir, { recursive: true, force: true });
  });

  const agent = (route: string, token: string) =>
    fetch(`${ready.agentUrl}${route}`, { headers: { Authorization: `Bearer ${token}` } });
  const publicApi = (token: string) =>
    createClient<paths>({ baseUrl: ready.platformUrl, headers: { Authorization: `Bearer ${token}` } });

  test('npm start comes up connected, with the demo it printed', async () => {
    expect(ready).toMatchObject({ isConnected: true, demo: { project: 'backoffice', environment: 'development' } });
    const { data, response } = await publicApi(ready.demo.token).GET(
      '/v1/project/{projectName}/environment/{environmentName}/notes',
      { params: { path: { projectName: ready.demo.project, environmentName: ready.demo.environment } } },
    );
    expect(response.status).toBe(200);
    expect(data?.data).toEqual([]);
  });

  test('the printed MCP URL is the MCP server, which sends a client without a token to sign in', async () => {
    const answer = await fetch(ready.mcpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

    expect(answer.status).toBe(401);
    const challenge = answer.headers.get('www-authenticate') ?? '';
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1] ?? '';
    const metadata = (await (await fetch(metadataUrl)).json()) as { authorization_servers: string[] };
    const server = metadata.authorization_servers[0] ?? '';
    const authorization = (await (await fetch(`${server}/.well-known/oauth-authorization-server`)).json()) as {
      registration_endpoint: string;
    };
    // Clients register with the platform, where the user signs in.
    expect(authorization.registration_endpoint.startsWith(ready.platformUrl)).toBe(true);
  });

  test("sign-in through the agent's sign-in route and the login page; records listed; a token created", async () => {
    const answer = await fetch(`${ready.agentUrl}/authentication?redirectTo=${encodeURIComponent('/orders')}`);
    expect(answer.status).toBe(200);
    const { authorizationUrl } = (await answer.json()) as { authorizationUrl: string };
    expect(authorizationUrl.startsWith(`${ready.platformUrl}/agent-auth/authorize?`)).toBe(true);

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.goto(authorizationUrl);
      await page.fill('#email', ready.demo.adminEmail);
      await page.fill('#password', ready.demo.adminPassword);
      await page.click('button[type=submit]');
      await page.waitForURL((url) => url.href.startsWith(`${ready.agentUrl}/authentication/callback?`), {
        timeout: 15_000,
      });
      const callback = JSON.parse((await page.textContent('body')) ?? '') as {
        token: string;
        tokenData: { email: string };
      };
      expect(callback.tokenData.email).toBe(ready.demo.adminEmail);
      agentToken = callback.token;

      const list = await agent('/orders?page[size]=15&sort=-id', callback.token);
      expect(list.status).toBe(200);
      const { data: orders } = (await list.json()) as { data: Array<{ id: number; status: string }> };
      expect(orders).toHaveLength(15);
      const order = await agent(`/orders/${PAID_ORDER_ID}`, callback.token);
      expect(await order.json()).toMatchObject({ data: { status: 'paid' } });

      // The signed-in session (its cookie is the browser's) creates an application token.
      const created = await page.request.post(`${ready.platformUrl}/api/projects/${ready.demo.project}/tokens`, {
        data: { name: 'scenario', scopes: ['all'], permissionLevel: 'read-write' },
      });
      expect(created.status()).toBe(201);
      sessionToken = ((await created.json()) as { value: string }).value;
      expect(sessionToken).toMatch(/^plat_/);
    } finally {
      await browser.close();
    }
  });

  test('the sample workflow: webhook 202, the run followed to succeeded, the record shipped, the note', async () => {
    expect(sessionToken).not.toBe('');
    const client = publicApi(sessionToken);
    const signedId = ready.demo.webhookUrl.split('/hooks/workflows/')[1] ?? '';
    const triggered = await client.POST('/hooks/workflows/{signedId}', {
      params: { path: { signedId } },
      body: { record_id: PAID_ORDER_ID },
    });
    expect(triggered.response.status).toBe(202);
    const runId = triggered.data?.runId ?? '';

    const startedAt = Date.now();
    let run = (await client.GET('/v1/workflow-runs/{runId}', { params: { path: { runId } } })).data;
    while (run?.status !== 'succeeded' && run?.status !== 'failed' && Date.now() - startedAt < 60_000) {
      await sleep(100);
      run = (await client.GET('/v1/workflow-runs/{runId}', { params: { path: { runId } } })).data;
    }
    expect(run).toMatchObject({ status: 'succeeded', recordId: PAID_ORDER_ID });
    expect(run?.steps.map((step) => [step.kind, step.status])).toEqual([
      ['read', 'succeeded'],
      ['condition', 'succeeded'],
      ['update', 'succeeded'],
      ['note', 'succeeded'],
    ]);

    const order = await agent(`/orders/${PAID_ORDER_ID}`, agentToken);
    expect(await order.json()).toMatchObject({ data: { status: 'shipped' } });
    const { data: notes } = await client.GET('/v1/project/{projectName}/environment/{environmentName}/notes', {
      params: { path: { projectName: ready.demo.project, environmentName: ready.demo.environment } },
    });
    expect(notes?.data).toEqual([
      expect.objectContaining({
        title: 'Shipped',
        collection: expect.objectContaining({ name: 'orders' }),
        recordId: PAID_ORDER_ID,
        user: expect.objectContaining({ email: ready.demo.adminEmail }),
      }),
    ]);
  });

  test('the activity is attributed to the signed-in user: the workflow run and its update', async () => {
    const client = publicApi(sessionToken);
    const read = () =>
      client.GET('/v1/project/{projectName}/environment/{environmentName}/activity-logs', {
        params: { path: { projectName: ready.demo.project, environmentName: ready.demo.environment } },
      });
    // The agent sends its activity in batches, every second; platform-api writes `workflow.run` at once.
    const hasUpdate = (list: typeof entries) =>
      list.some((entry) => entry.action === 'update' && entry.recordId === PAID_ORDER_ID);
    let entries = (await read()).data?.data ?? [];
    for (const startedAt = Date.now(); !hasUpdate(entries) && Date.now() - startedAt < 10_000; ) {
      await sleep(200);
      entries = (await read()).data?.data ?? [];
    }
    expect(entries.length).toBeGreaterThanOrEqual(2);
    const seen = entries.map((entry) => [entry.source, entry.action, entry.collection?.name, entry.recordId ?? null]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['workflow', 'update', 'orders', PAID_ORDER_ID],
        ['workflow', 'workflow.run', 'orders', PAID_ORDER_ID],
      ]),
    );
    expect(entries.every((entry) => entry.user?.email === ready.demo.adminEmail)).toBe(true);
  });

  test('the client types are what openapi-typescript makes of the served document', async () => {
    // As an integrator runs it: `npx openapi-typescript <platform-api>/v1/openapi.json -o public-api.d.ts`.
    const output = path.join(workDir, 'public-api.d.ts');
    await promisify(execFile)(OPENAPI_TYPESCRIPT, [`${ready.platformUrl}/v1/openapi.json`, '-o', output]);
    const generated = readFileSync(output, 'utf8');
    expect(generated).toContain('"/v1/workflow-runs/{runId}"');
    // To refresh the committed copy: PLATFORM_UPDATE_GENERATED=1 with this test.
    if (process.env.PLATFORM_UPDATE_GENERATED === '1') writeFileSync(GENERATED_TYPES, generated);

    expect(readFileSync(GENERATED_TYPES, 'utf8')).toBe(generated);
  });
});
