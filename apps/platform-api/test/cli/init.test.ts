import { createHash } from 'node:crypto';
import { MISSING_ADMIN_PASSWORD } from '../../src/identity/organization-setup';
import { verifyPassword } from '../../src/identity/password-hasher';
import { uniqueSuffix } from '../factories/unique-suffix';
import { seedUser } from '../factories/user-factory';
import { type CliDatabase, openCliDatabase, runCliOn } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describeEachDatabase('platform-api init', (kind) => {
  let database: CliDatabase;

  beforeAll(async () => {
    database = await openCliDatabase(kind);
  });

  afterAll(() => database.close());

  const cli = (...argv: string[]) => runCliOn(database, argv);
  const initArgs = (organization: string, ...extra: string[]) => [
    'init',
    '--organization',
    organization,
    '--project',
    'Back office',
    '--environments',
    'production, staging',
    '--admin-email',
    `Admin-${organization}@Example.com`,
    '--admin-password',
    'a-long-password',
    ...extra,
  ];

  test('creates the organization, project, environments, admin and team, printing each secret once', async () => {
    const organization = `acme-${uniqueSuffix()}`;

    const result = await cli(...initArgs(organization, '--admin-first-name', 'Ada'));

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Created organization "${organization}" with project "Back office".`);
    const secrets = [...result.stdout.matchAll(/^ {2}(production|staging) +([0-9a-f]{64})$/gm)].map((match) => ({
      name: match[1],
      secret: match[2] ?? '',
    }));
    expect(secrets.map((entry) => entry.name)).toEqual(['production', 'staging']);
    const stored = await database.withContext((context) =>
      context.prisma.project.findFirstOrThrow({
        where: { organization: { name: organization } },
        include: {
          environments: { orderBy: { id: 'asc' } },
          memberships: { include: { user: true } },
          teams: { include: { renderings: true, members: true } },
        },
      }),
    );
    expect(stored.usesSso).toBe(false);
    expect(stored.environments.map((environment) => environment.secretHash)).toEqual(
      secrets.map((entry) => sha256(entry.secret)),
    );
    expect(stored.memberships).toEqual([
      expect.objectContaining({
        role: 'Admin',
        user: expect.objectContaining({ email: `admin-${organization}@example.com`, firstName: 'Ada' }),
      }),
    ]);
    expect(stored.memberships[0]?.user.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(stored.teams).toHaveLength(1);
    expect(stored.teams[0]?.name).toBe('Operations');
    expect(stored.teams[0]?.renderings.map((rendering) => rendering.environmentId).sort()).toEqual(
      stored.environments.map((environment) => environment.id).sort(),
    );
    expect(stored.teams[0]?.members.map((member) => member.userId)).toEqual([stored.memberships[0]?.userId]);
  });

  test('--json prints the setup with the secrets, and --uses-sso allows an SSO-only admin', async () => {
    const organization = `sso-${uniqueSuffix()}`;

    const result = await cli(
      'init',
      '--organization',
      organization,
      '--project',
      'main',
      '--environments',
      'production',
      '--admin-email',
      `ops-${organization}@example.com`,
      '--uses-sso',
      '--json',
    );

    expect(result.exitCode).toBe(0);
    expect(result.json()).toEqual({
      organization: { id: expect.any(Number), name: organization },
      project: { id: expect.any(Number), name: 'main', usesSso: true },
      environments: [{ id: expect.any(Number), name: 'production', secret: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      admin: expect.objectContaining({ email: `ops-${organization}@example.com`, hasPassword: false }),
      team: expect.objectContaining({ name: 'Operations', environmentIds: [expect.any(Number)] }),
    });
  });

  test('--help lists the options', async () => {
    const result = await cli('init', '--help');

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('--environments <names>');
    expect(result.stdout).toContain('--uses-sso');
  });

  test('refuses an organization that exists with exit code 1 and changes nothing', async () => {
    const organization = `twice-${uniqueSuffix()}`;
    await cli(...initArgs(organization));

    const result = await cli(...initArgs(organization).map((arg) => arg.replace('Admin-', 'Other-')));

    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(`error: An organization named ${organization} exists; choose another name.\n`);
    const users = await database.withContext((context) =>
      context.prisma.user.count({ where: { email: `other-${organization}@example.com` } }),
    );
    expect(users).toBe(0);
  });

  test('refuses a missing required option with exit code 2', async () => {
    const result = await cli('init', '--organization', 'x', '--project', 'y', '--environments', 'production');

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("required option '--admin-email <email>' not specified");
  });

  test.each([
    ['a bad email', ['--admin-email', 'not-an-email'], '--admin-email: Give a valid email address'],
    ['a short password', ['--admin-password', 'short'], '--admin-password: Passwords have at least 8 characters.'],
    ['no environment', ['--environments', ' , '], '--environments: Name at least one environment'],
    ['twice the same environment', ['--environments', 'prod,prod'], '--environments: Environment names must differ.'],
    ['a slash in the project name', ['--project', 'a/b'], '--project: Project names start with a letter or digit'],
  ])('refuses %s with exit code 2 and names the option', async (_label, override, expected) => {
    const args = initArgs(`bad-${uniqueSuffix()}`);
    args.splice(args.indexOf(override[0] ?? ''), 2, ...override);

    const result = await cli(...args);

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(expected);
  });

  test('refuses no password for a new admin without --uses-sso, with exit code 2 and a JSON error under --json', async () => {
    const organization = `nopass-${uniqueSuffix()}`;
    const args = initArgs(organization).slice(0, -2);

    const result = await cli(...args, '--json');

    expect(result.exitCode).toBe(2);
    expect(result.json()).toEqual({
      error: {
        name: 'ValidationError',
        message: `--admin-password: ${MISSING_ADMIN_PASSWORD}`,
        issues: [{ path: '--admin-password', message: MISSING_ADMIN_PASSWORD }],
      },
    });
    const organizations = await database.withContext((context) =>
      context.prisma.organization.count({ where: { name: organization } }),
    );
    expect(organizations).toBe(0);
  });

  describe('for an admin who exists already (docs/identity.md)', () => {
    let existingEmail: string;
    beforeAll(async () => {
      existingEmail = `existing-${uniqueSuffix()}@example.com`;
      await database.withContext((context) =>
        seedUser(context, { email: existingEmail, password: 'their-own-password' }),
      );
    });

    test('without --admin-password, makes them the admin as they are, password kept', async () => {
      const organization = `reuse-${uniqueSuffix()}`;
      const args = initArgs(organization).slice(0, -2);
      args.splice(args.indexOf('--admin-email') + 1, 1, existingEmail);

      const result = await cli(...args);

      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain(`Admin: ${existingEmail}\n`);
      const admin = await database.withContext((context) =>
        context.prisma.user.findUniqueOrThrow({
          where: { email: existingEmail },
          include: { memberships: { include: { project: { include: { organization: true } } } } },
        }),
      );
      expect(admin.memberships).toEqual([
        expect.objectContaining({ role: 'Admin', project: expect.objectContaining({ name: 'Back office' }) }),
      ]);
      expect(admin.memberships[0]?.project.organization.name).toBe(organization);
      await expect(verifyPassword('their-own-password', admin.passwordHash ?? '')).resolves.toBe(true);
    });

    test('with --admin-password, refuses with exit code 1, says to omit it, and creates nothing', async () => {
      const organization = `repass-${uniqueSuffix()}`;
      const args = initArgs(organization);
      args.splice(args.indexOf('--admin-email') + 1, 1, existingEmail);

      const result = await cli(...args);

      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe(
        `error: A user with email ${existingEmail} exists; omit the admin password to make them the admin as they are.\n`,
      );
      const organizations = await database.withContext((context) =>
        context.prisma.organization.count({ where: { name: organization } }),
      );
      expect(organizations).toBe(0);
    });
  });
});
