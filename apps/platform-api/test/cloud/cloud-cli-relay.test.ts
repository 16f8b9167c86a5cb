import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/program';
import { openSealed } from '../../src/cloud/sealed-secret';
import { loadConfig } from '../../src/config/config';
import { type PlatformServer, startServer } from '../../src/server';
import { runCliCaptured } from '../cli/run-cli';
import { copyPGliteTemplateTo } from '../helpers/pglite-template';

const SHOP_URL = 'postgres://shop:relay-pa55@db.shop.test:5432/shop';

// While `start` holds the embedded database, the server runs the CLI's commands (src/cli/relay/).
// `--database-url-env` names a variable of the operator's process, which the server does not have.
describe('platform-api cloud through the relay of a running server', () => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-cloud-relay-'));
  const dataDir = path.join(workDir, 'data');
  const env = { PLATFORM_DATA_DIR: dataDir, PLATFORM_MIGRATE_ON_START: 'false' };
  let server: PlatformServer;

  beforeAll(async () => {
    await copyPGliteTemplateTo(dataDir);
    server = await startServer(loadConfig({ PORT: '0', PLATFORM_LOG_LEVEL: 'silent', ...env }), {
      handleSignals: false,
      runCli,
    });
    const init = await runCliCaptured(
      ['init', '--organization', 'acme', '--project', 'crm', '--environments', 'production,staging'].concat([
        '--admin-email',
        'admin@example.com',
        '--admin-password',
        'a-long-password',
      ]),
      env,
    );
    expect(init.exitCode).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  test.each([
    ['enable', ['cloud', 'enable', 'crm', 'production', '--database-url-env', 'SHOP_URL']],
    ['connection set', ['cloud', 'connection', 'set', 'crm', 'production', '--database-url-env', 'SHOP_URL']],
  ])("%s reads --database-url-env in the operator's environment, not the server's", async (_name, argv) => {
    expect(process.env.SHOP_URL).toBeUndefined();

    const run = await runCliCaptured(argv, { ...env, SHOP_URL });

    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    expect(run.stdout).not.toContain('relay-pa55');
    const environment = await server.context.prisma.environment.findFirstOrThrow({ where: { name: 'production' } });
    const cloud = await server.context.prisma.cloudEnvironment.findUniqueOrThrow({
      where: { environmentId: environment.id },
    });
    expect(JSON.parse(await openSealed(server.context, cloud.connection))).toEqual({ uri: SHOP_URL });
  });

  test('the other cloud commands run on the server like any command', async () => {
    const list = await runCliCaptured(['cloud', 'list', '--json'], env);
    const unset = await runCliCaptured(['cloud', 'enable', 'crm', 'staging', '--database-url-env', 'SHOP_URL'], env);

    expect(list.exitCode).toBe(0);
    expect(list.json<{ environments: { environment: string }[] }>().environments).toEqual([
      expect.objectContaining({ project: 'crm', environment: 'production' }),
    ]);
    expect(unset).toMatchObject({ exitCode: 2, stderr: expect.stringContaining('SHOP_URL is not set') });
  });
});
