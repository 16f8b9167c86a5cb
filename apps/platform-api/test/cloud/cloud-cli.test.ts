import { openSealed } from '../../src/cloud/sealed-secret';
import type { Project } from '../../src/generated/prisma/client';
import { hashEnvironmentSecret } from '../../src/identity/environment-secret';
import type { CliRun } from '../cli/run-cli';
import { seedProject } from '../factories/project-factory';
import { runCliInContext } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';
import { type CloudPlatform, callApi, signInCli, startCloudPlatform } from './cloud-platform';

const PASSWORD = 'pa55-w0rd-in-url';
const SHOP_URL = `postgres://shop:${PASSWORD}@db.shop.test:5432/shop`;

describeEachDatabase('platform-api cloud', (kind) => {
  let platform: CloudPlatform;

  beforeAll(async () => {
    platform = await startCloudPlatform(kind);
  });
  afterAll(() => platform.close());

  const cli = (argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> =>
    runCliInContext(platform.context, argv, env);
  const newProject = () => seedProject(platform.context, { environments: ['production', 'staging'] });
  const environmentOf = (project: Project, name = 'production') =>
    platform.context.prisma.environment.findUniqueOrThrow({
      where: { projectId_name: { projectId: project.id, name } },
    });
  /** The stored columns as the database holds them, read with SQL. */
  const rawCloudRow = async (environmentId: number) => {
    const [row] = await platform.context.prisma.$queryRaw<{ connection: string; agentSecrets: string }[]>`
      SELECT "connection", "agentSecrets" FROM "CloudEnvironment" WHERE "environmentId" = ${environmentId}`;
    if (!row) throw new Error(`no cloud row for environment ${environmentId}`);
    return row;
  };
  const expectNoSecretIn = (run: CliRun) => {
    for (const leak of [SHOP_URL, PASSWORD, 'db.shop.test']) {
      expect(run.stdout).not.toContain(leak);
      expect(run.stderr).not.toContain(leak);
    }
  };

  describe('enable', () => {
    test('seals the connection and the agent secrets, replaces the environment secret and prints it once', async () => {
      const project = await newProject();
      const before = await environmentOf(project);

      const run = await cli(['cloud', 'enable', project.name, 'production', '--database-url-env', 'SHOP_URL'], {
        SHOP_URL,
      });

      expect(run.exitCode).toBe(0);
      const secrets = run.stdout.match(/\b[0-9a-f]{64}\b/g) ?? [];
      expect(secrets).toHaveLength(1);
      const secret = secrets[0] as string;
      expect(run.stdout).toContain('Warning: It replaces the environment');
      expectNoSecretIn(run);
      const after = await environmentOf(project);
      expect(after.secretHash).toBe(hashEnvironmentSecret(secret));
      expect(after.secretHash).not.toBe(before.secretHash);
      const raw = await rawCloudRow(after.id);
      expect(raw.connection).toMatch(/^v1\./);
      for (const leak of [SHOP_URL, PASSWORD, 'db.shop.test']) expect(raw.connection).not.toContain(leak);
      expect(raw.agentSecrets).not.toContain(secret);
      expect(JSON.parse(await openSealed(platform.context, raw.connection))).toEqual({ uri: SHOP_URL });
      expect(JSON.parse(await openSealed(platform.context, raw.agentSecrets))).toEqual({
        envSecret: secret,
        authSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    });

    test('with --json prints the environment, its secret and the warning, and logs no secret', async () => {
      const project = await newProject();

      const run = await cli([
        'cloud',
        'enable',
        project.name,
        'staging',
        '--database-url',
        'sqlite:/data/shop.db',
        '--json',
      ]);

      expect(run.exitCode).toBe(0);
      const output = run.json<{ environmentSecret: string; environment: { environment: string; kind: string } }>();
      expect(output).toMatchObject({
        environment: { project: project.name, environment: 'staging', kind: 'sql', port: null },
        environmentSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
        warning: expect.stringContaining('previous secret'),
      });
      expect(run.stdout).not.toContain('/data/shop.db');
      const entry = await platform.context.prisma.adminLog.findFirstOrThrow({
        where: { projectId: project.id, action: 'cloud_environment.enable' },
      });
      expect(JSON.stringify(entry)).not.toContain('/data/shop.db');
      expect(JSON.stringify(entry)).not.toContain(output.environmentSecret);
    });

    test('the new secret finds the environment for its customers; the old one no longer does', async () => {
      const { project, selfHostedSecret: oldSecret } = platform.world;
      const { access_token: token } = await signInCli(platform, platform.world.developer);
      const lookup = (environmentSecret: string) =>
        callApi(platform, '/cloud/v1/environments/lookup', { method: 'POST', token, body: { environmentSecret } });
      expect(await lookup(oldSecret)).toMatchObject({ status: 409, body: { code: 'not_a_cloud_environment' } });

      const run = await cli(['cloud', 'enable', project.name, 'staging', '--database-url', SHOP_URL, '--json']);

      const { environmentSecret } = run.json<{ environmentSecret: string }>();
      expect(await lookup(environmentSecret)).toMatchObject({ status: 200, body: { name: 'staging' } });
      expect(await lookup(oldSecret)).toMatchObject({ status: 404, body: { code: 'unknown_environment' } });
    });

    test('refuses an environment that is a cloud environment already, and keeps its secret', async () => {
      const project = await newProject();
      await cli(['cloud', 'enable', project.name, 'production', '--database-url', SHOP_URL]);
      const before = await environmentOf(project);

      const run = await cli(['cloud', 'enable', project.name, 'production', '--database-url', SHOP_URL]);

      expect(run.exitCode).toBe(1);
      expect(run.stderr).toContain('is a cloud environment already');
      expect((await environmentOf(project)).secretHash).toBe(before.secretHash);
    });

    test.each([
      ['no database URL', [], {}, 'exactly one of --database-url-env'],
      [
        'both URL options',
        ['--database-url', SHOP_URL, '--database-url-env', 'SHOP_URL'],
        { SHOP_URL },
        'exactly one of',
      ],
      ['an unset variable', ['--database-url-env', 'NOT_SET_ANYWHERE'], {}, 'NOT_SET_ANYWHERE is not set'],
      ['a variable name that is not one', ['--database-url-env', 'shop-url'], {}, 'Name an environment variable'],
      ['an http URL', ['--database-url', `http://shop:${PASSWORD}@db.shop.test/`], {}, 'not a SQL database URL'],
      ['a URL without host', ['--database-url', 'postgres:///shop'], {}, 'names no host'],
      ['a sqlite URL without file', ['--database-url', 'sqlite:'], {}, 'names its file'],
      [
        'a URL that does not parse',
        ['--database-url-env', 'SHOP_URL'],
        { SHOP_URL: `mysql://shop:${PASSWORD}@[db/shop` },
        'not a valid mysql://',
      ],
    ])('refuses %s: exit 2, the URL never repeated, nothing stored', async (_label, options, env, message) => {
      const project = await newProject();

      const run = await cli(['cloud', 'enable', project.name, 'production', ...options], env);

      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain(message);
      expectNoSecretIn(run);
      expect(
        await platform.context.prisma.cloudEnvironment.count({ where: { environment: { projectId: project.id } } }),
      ).toBe(0);
    });

    test('refuses an unknown project or environment: exit 1', async () => {
      const project = await newProject();

      const unknownProject = await cli([
        'cloud',
        'enable',
        'no-such-project',
        'production',
        '--database-url',
        SHOP_URL,
      ]);
      const unknownEnvironment = await cli(['cloud', 'enable', project.name, 'qa', '--database-url', SHOP_URL]);

      expect(unknownProject).toMatchObject({ exitCode: 1, stderr: 'error: No project named "no-such-project".\n' });
      expect(unknownEnvironment).toMatchObject({
        exitCode: 1,
        stderr: expect.stringContaining('no environment named "qa"'),
      });
    });
  });

  describe('connection set', () => {
    test('replaces the sealed connection, printing no part of it', async () => {
      const project = await newProject();
      await cli(['cloud', 'enable', project.name, 'production', '--database-url', 'sqlite:/data/old.db']);
      const environment = await environmentOf(project);
      const secretHash = environment.secretHash;

      const run = await cli(
        ['cloud', 'connection', 'set', project.name, 'production', '--database-url-env', 'SHOP_URL'],
        {
          SHOP_URL,
        },
      );

      expect(run.exitCode).toBe(0);
      expect(run.stdout).toContain('Replaced the database connection');
      expectNoSecretIn(run);
      const raw = await rawCloudRow(environment.id);
      expect(raw.connection).not.toContain(PASSWORD);
      expect(JSON.parse(await openSealed(platform.context, raw.connection))).toEqual({ uri: SHOP_URL });
      expect((await environmentOf(project)).secretHash).toBe(secretHash);
    });

    test('refuses an environment that is not a cloud one: exit 1', async () => {
      const project = await newProject();

      const run = await cli(['cloud', 'connection', 'set', project.name, 'production', '--database-url', SHOP_URL]);

      expect(run).toMatchObject({ exitCode: 1, stderr: expect.stringContaining('is not a cloud environment') });
    });
  });

  describe('list, reintrospect and disable', () => {
    test('list shows every cloud environment with its versions, and no connection or secret', async () => {
      const project = await newProject();
      const enabled = await cli(['cloud', 'enable', project.name, 'production', '--database-url', SHOP_URL, '--json']);

      const text = await cli(['cloud', 'list']);
      const json = await cli(['cloud', 'list', '--json']);

      expect(text.exitCode).toBe(0);
      expect(text.stdout).toContain(`· ${project.name} · production\tsql`);
      expect(text.stdout).toContain('latest version none, live none; not introspected');
      const names = json.json<{ environments: { project: string }[] }>().environments.map((view) => view.project);
      expect(names).toEqual(expect.arrayContaining([project.name, platform.world.project.name]));
      for (const run of [text, json]) {
        expectNoSecretIn(run);
        expect(run.stdout).not.toContain(enabled.json<{ environmentSecret: string }>().environmentSecret);
      }
    });

    test('reintrospect clears introspectedAt, which the runner reads as "read the database again"', async () => {
      const project = await newProject();
      await cli(['cloud', 'enable', project.name, 'production', '--database-url', SHOP_URL]);
      const environment = await environmentOf(project);
      await platform.context.prisma.cloudEnvironment.update({
        where: { environmentId: environment.id },
        data: { introspection: { tables: [] }, introspectedAt: new Date() },
      });

      const run = await cli(['cloud', 'reintrospect', project.name, 'production']);

      expect(run.exitCode).toBe(0);
      const cloud = await platform.context.prisma.cloudEnvironment.findUniqueOrThrow({
        where: { environmentId: environment.id },
      });
      expect(cloud.introspectedAt).toBeNull();
    });

    test('disable deletes the cloud row with its bundles, and keeps the environment', async () => {
      const project = await newProject();
      await cli(['cloud', 'enable', project.name, 'production', '--database-url', SHOP_URL]);
      const environment = await environmentOf(project);
      await platform.context.prisma.cloudBundle.create({
        data: { environmentId: environment.id, version: 1, code: 'x', checksum: 'c', size: 1 },
      });

      const run = await cli(['cloud', 'disable', project.name, 'production', '--json']);

      expect(run).toMatchObject({ exitCode: 0 });
      expect(run.json()).toMatchObject({ deletedBundles: 1 });
      expect(await platform.context.prisma.cloudEnvironment.count({ where: { environmentId: environment.id } })).toBe(
        0,
      );
      expect(await platform.context.prisma.cloudBundle.count({ where: { environmentId: environment.id } })).toBe(0);
      expect(await environmentOf(project)).toMatchObject({ id: environment.id });
    });
  });

  describe('logins', () => {
    test('list shows standing logins, of one user with --user, and never a token', async () => {
      const developer = await signInCli(platform, platform.world.developer);
      const editor = await signInCli(platform, platform.world.editor);

      const all = await cli(['cloud', 'logins', 'list', '--json']);
      const mine = await cli(['cloud', 'logins', 'list', '--user', platform.world.editor.email, '--json']);
      const text = await cli(['cloud', 'logins', 'list']);

      const emails = (run: CliRun) =>
        run.json<{ logins: { userEmail: string }[] }>().logins.map((login) => login.userEmail);
      expect(emails(all)).toEqual(
        expect.arrayContaining([platform.world.developer.email, platform.world.editor.email]),
      );
      expect(new Set(emails(mine))).toEqual(new Set([platform.world.editor.email]));
      expect(text.stdout).toContain(`${platform.world.editor.email}\tlaptop.example\trefreshable until`);
      for (const run of [all, mine, text]) {
        for (const token of [
          developer.access_token,
          developer.refresh_token,
          editor.access_token,
          editor.refresh_token,
        ]) {
          expect(run.stdout).not.toContain(token.slice(-20));
        }
      }
    });

    test('revoke stops the access and refresh tokens at once, and says so when run again', async () => {
      const tokens = await signInCli(platform, platform.world.admin);
      const login = await platform.context.prisma.cloudLogin.findFirstOrThrow({
        where: { userId: platform.world.admin.id, revokedAt: null },
        orderBy: { id: 'desc' },
      });
      expect((await callApi(platform, '/cloud/v1/environments', { token: tokens.access_token })).status).toBe(200);

      const run = await cli(['cloud', 'logins', 'revoke', String(login.id)]);
      const again = await cli(['cloud', 'logins', 'revoke', String(login.id)]);
      const listed = await cli(['cloud', 'logins', 'list', '--user', platform.world.admin.email, '--json']);

      expect(run).toMatchObject({
        exitCode: 0,
        stdout: expect.stringContaining(`Revoked cloud CLI login ${login.id}`),
      });
      expect(again).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('was revoked already') });
      expect((await callApi(platform, '/cloud/v1/environments', { token: tokens.access_token })).status).toBe(401);
      expect(listed.json<{ logins: { id: number }[] }>().logins.map((view) => view.id)).not.toContain(login.id);
      const entry = await platform.context.prisma.adminLog.findFirstOrThrow({
        where: { action: 'cloud_login.revoke', targetId: String(login.id) },
      });
      expect(entry.details).toMatchObject({ reason: 'operator', userEmail: platform.world.admin.email });
    });

    test.each([
      ['an unknown login', ['cloud', 'logins', 'revoke', '999999'], 1, 'No cloud CLI login 999999'],
      ['a login id that is not a number', ['cloud', 'logins', 'revoke', 'abc'], 2, 'A login id is a positive integer'],
      ['an unknown user', ['cloud', 'logins', 'list', '--user', 'nobody@example.com'], 1, 'No user with email'],
      ['a user option that is not an email', ['cloud', 'logins', 'list', '--user', 'nobody'], 2, '--user'],
    ])('refuses %s', async (_label, argv, exitCode, message) => {
      const run = await cli(argv);

      expect(run.exitCode).toBe(exitCode);
      expect(run.stderr).toContain(message);
    });
  });
});
