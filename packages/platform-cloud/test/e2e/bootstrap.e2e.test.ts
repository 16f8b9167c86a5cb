import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  generateEnvironmentSecret,
  hashEnvironmentSecret,
} from '@platform/platform-api/src/identity/environment-secret';
import { ExitCode } from '../../src';
import { type CliHome, createCliHome } from '../helpers/cli-home';
import { type CloudTestPlatform, startCloudTestPlatform } from '../helpers/cloud-platform';
import { signIn } from '../helpers/device-login';
import { runCli } from '../helpers/run-cli';

// `bootstrap` against a real platform-api: the secret checked by the platform (unknown, not a cloud
// environment, a user who may not customize), the database structure not read yet, then the
// project it writes. What the project then does is in customization-project.e2e.test.ts.

describe('platform-cloud bootstrap against a real platform-api', () => {
  let platform: CloudTestPlatform;
  let home: CliHome;
  const bootstrap = (...argv: string[]) =>
    runCli(['bootstrap', ...argv], { cwd: home.cwd, env: home.env({ PLATFORM_URL: platform.url }) });

  beforeAll(async () => {
    platform = await startCloudTestPlatform();
    home = createCliHome();
    await signIn(platform, home, platform.world.admin);
  });
  afterAll(async () => {
    home.remove();
    await platform.close();
  });

  test('refuses before the hosted agent read the database, writing nothing', async () => {
    const result = await bootstrap('--env-secret', platform.environmentSecret, 'too-early');

    expect(result.exitCode).toBe(ExitCode.Failure);
    expect(result.stderr).toMatch(/^error: the hosted agent of .+\/production has not read its database yet: .+\n$/);
    expect(() => statSync(path.join(home.cwd, 'too-early'))).toThrow();
  });

  test('refuses a secret no environment has: exit 1, one line', async () => {
    const result = await bootstrap('--env-secret', generateEnvironmentSecret(), 'unknown');

    expect(result.exitCode).toBe(ExitCode.Failure);
    expect(result.stderr).toBe(
      'error: no environment has this environment secret: check the secret (PLATFORM_ENV_SECRET or --env-secret)\n',
    );
  });

  test('refuses the secret of an environment whose agent the platform does not host', async () => {
    const secret = generateEnvironmentSecret();
    await platform.context.prisma.environment.create({
      data: { projectId: platform.world.project.id, name: 'self-hosted', secretHash: hashEnvironmentSecret(secret) },
    });

    const result = await bootstrap('--env-secret', secret, 'self-hosted');

    expect(result.exitCode).toBe(ExitCode.Failure);
    expect(result.stderr).toBe(
      'error: the environment of this secret is not a cloud environment: its agent is not hosted by the platform\n',
    );
  });

  test('refuses a user who may not customize the environment (an Editor)', async () => {
    const editorHome = createCliHome();
    try {
      await signIn(platform, editorHome, platform.world.outsider);

      const result = await runCli(['bootstrap', '--env-secret', platform.environmentSecret, 'editor'], {
        cwd: editorHome.cwd,
        env: editorHome.env({ PLATFORM_URL: platform.url }),
      });

      expect(result.exitCode).toBe(ExitCode.Failure);
      expect(result.stderr).toBe(
        'error: you may not customize this environment: it takes the Admin or Developer role in its project\n',
      );
    } finally {
      editorHome.remove();
    }
  });

  test('writes the project, typed against the database: files, .env 0600 with the secret, typings', async () => {
    await platform.storeIntrospection();

    const result = await bootstrap('--env-secret', platform.environmentSecret, '--json');

    expect(result.exitCode).toBe(0);
    const project = path.join(home.cwd, 'cloud-customizer');
    expect(result.json()).toMatchObject({
      directory: project,
      environment: { id: platform.environmentId, name: 'production', project: { name: platform.world.project.name } },
      files: ['.env', '.gitignore', 'README.md', 'package.json', 'src/index.ts', 'tsconfig.json', 'typings.d.ts'],
    });
    const read = (file: string) => readFileSync(path.join(project, file), 'utf8');
    expect(read('.env')).toContain(`PLATFORM_ENV_SECRET=${platform.environmentSecret}\n`);
    expect(read('.env')).toContain(`PLATFORM_URL=${platform.url}\n`);
    expect(statSync(path.join(project, '.env')).mode & 0o777).toBe(0o600);
    expect(read('.gitignore').split('\n')).toEqual(expect.arrayContaining(['.env', 'node_modules/', 'dist/']));
    const manifest = JSON.parse(read('package.json'));
    expect(manifest.scripts).toMatchObject({ typecheck: 'tsc --noEmit', publish: 'platform-cloud publish' });
    expect(manifest.devDependencies['@platform/platform-cloud']).toBe(`^${require('../../package.json').version}`);
    expect(read('src/index.ts')).toContain('export default function customize(agent: Agent<Schema>): void {');
    expect(read('src/index.ts')).toContain("agent.customizeCollection('orders'");
    expect(read('typings.d.ts')).toContain("'region': string;");
  });

  test('refuses a directory that is not empty, and writes into it with --force', async () => {
    const refused = await bootstrap('--env-secret', platform.environmentSecret);
    const forced = await bootstrap('--env-secret', platform.environmentSecret, '--force');

    expect(refused.exitCode).toBe(ExitCode.Usage);
    expect(refused.stderr).toMatch(/is not empty: choose another directory, or pass --force\n$/);
    expect(forced.exitCode).toBe(0);
  });
});
