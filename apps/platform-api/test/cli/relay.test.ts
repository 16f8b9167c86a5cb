import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/program';
import { CLI_RELAY_PATH, CLI_RELAY_SECRET_HEADER } from '../../src/cli/relay/cli-relay-route';
import { readRelayFile } from '../../src/cli/relay/relay-file';
import { loadConfig } from '../../src/config/config';
import { createLogger } from '../../src/logger';
import { type PlatformServer, startServer } from '../../src/server';
import { copyPGliteTemplateTo } from '../helpers/pglite-template';
import { runCliCaptured } from './run-cli';

// While `start` holds the embedded database, the CLI of another process cannot open it: the server
// runs its commands instead (POST /admin/cli, behind the relay file's secret), all but start, migrate
// and worker; test/cli/relay/ runs every other command through it.
describe('the CLI relay of a server on the embedded database', () => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-relay-'));
  const dataDir = path.join(workDir, 'data');
  const env = { PLATFORM_DATA_DIR: dataDir, PLATFORM_MIGRATE_ON_START: 'false' };
  let server: PlatformServer;
  const logLines: string[] = [];

  const post = (body: unknown, secret?: string) =>
    fetch(`${server.url}${CLI_RELAY_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(secret ? { [CLI_RELAY_SECRET_HEADER]: secret } : {}) },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    await copyPGliteTemplateTo(dataDir);
    const config = loadConfig({
      PORT: '0',
      PLATFORM_DATA_DIR: dataDir,
      PLATFORM_LOG_LEVEL: 'info',
      PLATFORM_MIGRATE_ON_START: 'false',
    });
    const logger = createLogger(config, { write: (line: string) => logLines.push(line) });
    server = await startServer(config, { handleSignals: false, runCli, logger });
  });
  afterAll(async () => {
    await server.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('start writes the relay file, readable by its owner only, naming its URL', () => {
    const relay = readRelayFile(dataDir);

    expect(relay).toEqual({ pid: process.pid, url: server.url, secret: expect.stringMatching(/^[\w-]{43}$/) });
    expect(statSync(path.join(dataDir, 'platform-api.relay.json')).mode & 0o777).toBe(0o600);
  });

  test('a tokens, users or init command of another process runs on the server, output and exit code relayed', async () => {
    const init = await runCliCaptured(
      ['init', '--organization', 'acme', '--project', 'crm', '--environments', 'production'].concat([
        '--admin-email',
        'admin@example.com',
        '--admin-password',
        'a-long-password',
        '--json',
      ]),
      env,
    );
    const missing = await runCliCaptured(['users', 'list', '--project', 'nowhere'], env);

    expect(init.exitCode).toBe(0);
    expect(init.json()).toMatchObject({ organization: { name: 'acme' }, admin: { email: 'admin@example.com' } });
    expect(await server.context.prisma.organization.count({ where: { name: 'acme' } })).toBe(1);
    expect(missing).toMatchObject({ exitCode: 1, stderr: 'error: No project named "nowhere".\n' });
  });

  test('migrate is not relayed: it says the database is held and what to do', async () => {
    const run = await runCliCaptured(['migrate'], env);

    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`error: The embedded database in ${dataDir} is open in process ${process.pid}`);
  });

  test.each([
    ['no secret', undefined],
    ['a wrong secret', 'x'.repeat(43)],
  ])('POST /admin/cli with %s answers 401 and runs nothing', async (_label, secret) => {
    const response = await post({ argv: ['init', '--organization', 'evil'] }, secret);

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Unauthorized', message: expect.any(String) });
  });

  test.each([
    ['start', { argv: ['start'] }],
    ['migrate', { argv: ['migrate'] }],
    ['worker', { argv: ['worker'] }],
    ['no command', { argv: [] }],
    ['an option for a command', { argv: ['--json'] }],
    ['a relative working directory', { argv: ['keys', 'list'], cwd: 'here' }],
  ])('POST /admin/cli refuses %s with 400 invalid_request', async (_label, body) => {
    const response = await post(body, readRelayFile(dataDir)?.secret);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_request' });
  });

  test('the secret never reaches the request log', async () => {
    const secret = readRelayFile(dataDir)?.secret ?? '';
    expect(secret).not.toBe('');

    await post({ argv: ['start'] }, secret);

    const relayLines = logLines.filter((line) => line.includes(CLI_RELAY_PATH));
    expect(relayLines.length).toBeGreaterThan(0);
    expect(relayLines.join('\n')).toContain('"platform-cli-secret":"[Redacted]"');
    expect(logLines.join('\n')).not.toContain(secret);
  });

  test('POST /admin/cli from another interface than loopback answers 403, even with the secret', async () => {
    const address = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
    if (!address) throw new Error('This test needs a non-loopback IPv4 interface.');
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      PLATFORM_DATA_DIR: path.join(workDir, 'wide'),
      PLATFORM_LOG_LEVEL: 'silent',
      PLATFORM_MIGRATE_ON_START: 'false',
    });
    await copyPGliteTemplateTo(path.join(workDir, 'wide'));
    const wide = await startServer(config, { handleSignals: false, runCli });
    const secret = readRelayFile(path.join(workDir, 'wide'))?.secret ?? '';
    const send = (host: string) =>
      fetch(`http://${host}:${new URL(wide.url).port}${CLI_RELAY_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [CLI_RELAY_SECRET_HEADER]: secret },
        body: JSON.stringify({ argv: ['users', 'list', '--project', 'nowhere'] }),
      });
    try {
      const fromLoopback = await send('127.0.0.1');
      const fromInterface = await send(address);

      expect(fromLoopback.status).toBe(200);
      expect(fromInterface.status).toBe(403);
      expect(await fromInterface.json()).toEqual({ error: 'Forbidden', message: expect.stringContaining('loopback') });
    } finally {
      await wide.close();
    }
  });

  test('close removes the relay file', async () => {
    const config = loadConfig({
      PORT: '0',
      PLATFORM_DATA_DIR: path.join(workDir, 'other'),
      PLATFORM_LOG_LEVEL: 'silent',
    });
    await copyPGliteTemplateTo(path.join(workDir, 'other'));
    const other = await startServer(config, { handleSignals: false, runCli });
    expect(readRelayFile(path.join(workDir, 'other'))).toBeDefined();

    await other.close();

    expect(readRelayFile(path.join(workDir, 'other'))).toBeUndefined();
  });
});
