import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../../src/cli/program';
import { loadConfig } from '../../../src/config/config';
import { type PlatformServer, startServer } from '../../../src/server';
import { copyPGliteTemplateTo } from '../../helpers/pglite-template';
import { runCliCaptured } from '../run-cli';

const FLOW = 'name: Mark paid\ncollection: orders\nsteps:\n  - kind: read\n    fields: [status]\n';

// While `start` holds the embedded database, every row-only command of another process runs on
// the server (POST /admin/cli), as the server is configured: here it listens on a port of its own
// choosing (PORT=0), which the CLI's environment does not name.
describe('every row-only command through the relay of a running server', () => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-relay-all-'));
  const dataDir = path.join(workDir, 'data');
  const env = { PLATFORM_DATA_DIR: dataDir, PLATFORM_MIGRATE_ON_START: 'false' };
  const where = ['--project', 'crm', '--environment', 'production'];
  let server: PlatformServer;

  const cli = (...argv: string[]) => runCliCaptured(argv, env);

  beforeAll(async () => {
    await copyPGliteTemplateTo(dataDir);
    const config = loadConfig({ PORT: '0', PLATFORM_LOG_LEVEL: 'silent', ...env });
    server = await startServer(config, { handleSignals: false, runCli });
    const init = await cli(
      'init',
      ...['--organization', 'acme', '--project', 'crm', '--environments', 'production'],
      ...['--admin-email', 'admin@example.com', '--admin-password', 'a-long-password'],
    );
    expect(init.exitCode).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  test.each([
    ['environments', ['environments', 'set-url', ...where, '--url', 'http://127.0.0.1:3351']],
    ['permissions', ['permissions', 'grant', ...where, '--role', 'User', '--collection', 'orders', '--rights', 'read']],
    [
      'scopes',
      ['scopes', 'set', ...where, '--team', 'Operations', '--collection', 'orders'].concat([
        '--condition',
        '{"aggregator":"And","conditions":[{"field":"id","operator":"Equal","value":1}]}',
      ]),
    ],
    ['members', ['members', 'set-tags', '--project', 'crm', '--email', 'admin@example.com', '--tags', 'region=emea']],
    [
      'actions',
      ['actions', 'add', ...where, '--definition'].concat(
        '{"type":"webhook","collection":"orders","name":"Notify","scope":"Single","url":"https://hooks.example.com"}',
      ),
    ],
    ['keys', ['keys', 'list']],
  ])('%s runs on the server and exits 0', async (_name, argv) => {
    const run = await cli(...argv);

    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
  });

  test("workflows create reads a relative --file from the caller's directory, not the server's", async () => {
    const callerDir = mkdtempSync(path.join(workDir, 'caller-'));
    writeFileSync(path.join(callerDir, 'mark-paid.yaml'), FLOW);
    const argv = ['workflows', 'create', ...where, '--team', 'Operations', '--file', 'mark-paid.yaml'];

    const run = await runCliCaptured(argv, env, undefined, callerDir);

    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^Created workflow Mark paid \(id \d+\)/);
  });

  test('workflows trigger enable prints the URL the server serves, built from its own configuration', async () => {
    const workflow = await server.context.prisma.workflow.findFirstOrThrow({ where: { name: 'Mark paid' } });

    const run = await cli('workflows', 'trigger', 'enable', String(workflow.id));

    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    const url = run.stdout.trim().split('\n').at(-1) ?? '';
    expect(url.startsWith(`${server.url}/hooks/workflows/`)).toBe(true);
    expect(server.url).not.toBe('http://127.0.0.1:3400');
    const called = await fetch(url, { method: 'POST' });
    expect(called.status).toBe(401);
  });

  test('an unknown workflow relayed exits 1 with the one-line error', async () => {
    const run = await cli('workflows', 'show', '999999');

    expect(run).toMatchObject({ exitCode: 1, stderr: 'error: No workflow 999999.\n' });
  });

  test.each([['start'], ['migrate']])('%s still says that the database is held, and what to do', async (command) => {
    const run = await cli(command);

    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`error: The embedded database in ${dataDir} is open in process ${process.pid}`);
    expect(run.stderr).toContain('Stop that server');
  });
});
