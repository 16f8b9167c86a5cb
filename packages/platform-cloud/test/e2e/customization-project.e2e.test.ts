import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ExitCode } from '../../src';
import { dependentField, regionLabelCustomization } from '../factories/customizations';
import { type CliHome, createCliHome } from '../helpers/cli-home';
import { type CloudTestPlatform, startCloudTestPlatform } from '../helpers/cloud-platform';
import { signIn } from '../helpers/device-login';
import { linkPlatformCloud, runTsc } from '../helpers/generated-project';
import { runCli } from '../helpers/run-cli';

// A bootstrapped project against a real platform-api whose environment has a stored introspection
// and no runner yet: it type-checks with `tsc` against the generated typings, update-typings adds
// what src/index.ts customizes, build and publish bundle it, publish uploads it (pending: no runner
// takes it here) or refuses a type error with its file:line.

describe('a customization project made by platform-cloud bootstrap', () => {
  let platform: CloudTestPlatform;
  let home: CliHome;
  let project: string;
  const inProject = (...argv: string[]) => runCli(argv, { cwd: project, env: home.env() });
  const read = (file: string) => readFileSync(path.join(project, file), 'utf8');
  const writeIndex = (source: string) => writeFileSync(path.join(project, 'src', 'index.ts'), source);
  const bundles = () =>
    platform.context.prisma.cloudBundle.findMany({ where: { environmentId: platform.environmentId } });

  beforeAll(async () => {
    platform = await startCloudTestPlatform();
    home = createCliHome();
    await signIn(platform, home, platform.world.admin);
    await platform.storeIntrospection();
    const bootstrap = await runCli(
      ['bootstrap', '--env-secret', platform.environmentSecret, '--platform-url', platform.url],
      {
        cwd: home.cwd,
        env: home.env(),
      },
    );
    if (bootstrap.exitCode !== 0) throw new Error(`bootstrap failed: ${bootstrap.stderr}`);
    project = path.join(home.cwd, 'cloud-customizer');
    linkPlatformCloud(project);
  });
  afterAll(async () => {
    home.remove();
    await platform.close();
  });

  test('type-checks with tsc as bootstrapped, and with its commented example enabled', async () => {
    const asBootstrapped = await runTsc(project);
    writeIndex(
      read('src/index.ts')
        .replace(/^ {2}\/\/ For example.*\n/m, '')
        .replace(/^ {2}\/\/ ?/gm, '  '),
    );
    const withExample = await runTsc(project);

    expect(asBootstrapped).toEqual({ exitCode: 0, output: '' });
    expect(read('src/index.ts')).toContain("collection.addField('label'");
    expect(withExample).toEqual({ exitCode: 0, output: '' });
  });

  test('update-typings adds a computed field of src/index.ts to the typings, which tsc then checks', async () => {
    writeIndex(regionLabelCustomization());
    expect(read('typings.d.ts')).not.toContain('regionLabel');

    const result = await inProject('update-typings');

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Wrote typings\.d\.ts for .+\/production \(database structure read .+\)\.\n$/);
    expect(read('typings.d.ts')).toContain("'regionLabel': string | null;");
    writeIndex(regionLabelCustomization(dependentField('regionLabel')));
    expect(await runTsc(project)).toEqual({ exitCode: 0, output: '' });
    writeIndex(regionLabelCustomization(dependentField('regionLabl')));
    expect(await runTsc(project)).toMatchObject({ exitCode: 2, output: expect.stringContaining("'regionLabl'") });
  });

  test('build type-checks and writes the bundle publish would upload', async () => {
    writeIndex(regionLabelCustomization());

    const result = await inProject('build', '--json');

    expect(result.exitCode).toBe(0);
    const { file, checksum } = result.json<{ file: string; checksum: string }>();
    expect(file).toBe(path.join(project, 'dist', 'index.cjs'));
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(checksum);
    expect(readFileSync(file, 'utf8')).toContain('regionLabel');
  });

  test('publish --no-wait uploads the bundle: version 1, pending until a runner loads it', async () => {
    writeIndex(regionLabelCustomization());

    const result = await inProject('publish', '--no-wait', '--json');

    expect(result.exitCode).toBe(0);
    expect(result.json()).toMatchObject({ environment: platform.environmentId, version: 1, status: 'pending' });
    const [stored] = await bundles();
    expect(stored).toMatchObject({ version: 1, status: 'Pending', authorId: platform.world.admin.id });
    expect(stored?.code).toContain('regionLabel');
    expect(stored?.checksum).toBe(
      createHash('sha256')
        .update(stored?.code ?? '')
        .digest('hex'),
    );
    const listed = await inProject('environments', '--json');
    expect(listed.json()).toMatchObject({ environments: [{ latestVersion: 1, liveVersion: null }] });
  });

  test('a type error fails publish with one line naming file:line:col, and nothing is uploaded', async () => {
    const before = (await bundles()).length;
    writeIndex(regionLabelCustomization(["    const count: number = 'three';", '    void count;']));

    const result = await inProject('publish', '--no-wait');

    expect(result.exitCode).toBe(ExitCode.Failure);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
      "error: src/index.ts:11:11: error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(await bundles()).toHaveLength(before);
  });

  test('a project whose secret no longer matches (an operator replaced it): one line, exit 1', async () => {
    const dotenv = read('.env');
    writeFileSync(path.join(project, '.env'), dotenv.replace(platform.environmentSecret, 'f'.repeat(64)));
    try {
      const result = await inProject('update-typings');

      expect(result.exitCode).toBe(ExitCode.Failure);
      expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
        'error: no environment has this environment secret: check the secret (PLATFORM_ENV_SECRET or --env-secret)',
      );
    } finally {
      writeFileSync(path.join(project, '.env'), dotenv);
    }
  });

  test('logs prints nothing while no hosted agent logged, and exits 0', async () => {
    const result = await inProject('logs');

    expect(result).toMatchObject({ exitCode: 0, stdout: '' });
  });
});
