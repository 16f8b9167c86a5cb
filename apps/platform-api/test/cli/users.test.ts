import { verifyPassword } from '../../src/identity/password-hasher';
import { seedProject } from '../factories/project-factory';
import { seedUser } from '../factories/user-factory';
import { type CliDatabase, openCliDatabase, runCliOn } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';

describeEachDatabase('platform-api users', (kind) => {
  let database: CliDatabase;
  let projectName: string;

  beforeAll(async () => {
    database = await openCliDatabase(kind);
    await database.withContext(async (context) => {
      const project = await seedProject(context, { name: 'crm' });
      projectName = project.name;
      await seedUser(context, { email: 'existing@example.com', project, role: 'Admin' });
      await seedUser(context, { email: 'elsewhere@example.com', password: 'old-password' });
      await seedUser(context, { email: 'stranger@example.com' });
    });
  });

  afterAll(() => database.close());

  const cli = (...argv: string[]) => runCliOn(database, argv);
  const addArgs = (email: string, ...extra: string[]) => [
    'users',
    'add',
    '--email',
    email,
    '--first-name',
    'Grace',
    '--last-name',
    'Hopper',
    '--project',
    projectName,
    '--role',
    'Editor',
    ...extra,
  ];

  test('add creates a user with a password and makes them a member with the role', async () => {
    const result = await cli(...addArgs('grace@example.com', '--password', 'navy-cobol-1959'));

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Created grace@example\.com \(id \d+\) to project crm as Editor\.\n$/);
    const user = await database.withContext((context) =>
      context.prisma.user.findUniqueOrThrow({ where: { email: 'grace@example.com' }, include: { memberships: true } }),
    );
    expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', username: 'grace@example.com' });
    expect(user.memberships.map((membership) => membership.role)).toEqual(['Editor']);
    await expect(verifyPassword('navy-cobol-1959', user.passwordHash ?? '')).resolves.toBe(true);
  });

  test('add without --password creates an SSO-only user (--json)', async () => {
    const result = await cli(...addArgs('sso-only@example.com', '--json'));

    expect(result.exitCode).toBe(0);
    expect(result.json()).toEqual({
      isNewUser: true,
      user: expect.objectContaining({ email: 'sso-only@example.com', hasPassword: false, role: 'Editor' }),
    });
  });

  test('add of an existing user of another project only adds the membership', async () => {
    const result = await cli(...addArgs('elsewhere@example.com', '--json'));

    expect(result.exitCode).toBe(0);
    expect(result.json()).toMatchObject({ isNewUser: false, user: { email: 'elsewhere@example.com', role: 'Editor' } });
  });

  test('list shows the members with their roles, as a table and as JSON', async () => {
    const table = await cli('users', 'list', '--project', projectName);
    const json = await cli('users', 'list', '--project', projectName, '--json');

    expect(table.exitCode).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +EMAIL +NAME +ROLE +SIGN-IN$/);
    expect(table.stdout).toMatch(/existing@example\.com +Ada Lovelace +Admin +password or SSO/);
    expect(json.json()).toEqual({
      users: expect.arrayContaining([
        expect.objectContaining({ email: 'existing@example.com', role: 'Admin' }),
        expect.objectContaining({ email: 'grace@example.com', role: 'Editor' }),
      ]),
    });
    expect(JSON.stringify(json.json())).not.toContain('passwordHash');
  });

  test('add refuses a user already in the project with exit code 1', async () => {
    const result = await cli(...addArgs('existing@example.com'));

    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('error: The user is already a member of project crm.\n');
  });

  test('add refuses a password for an existing user with exit code 1 and leaves it unchanged', async () => {
    const result = await cli(...addArgs('elsewhere@example.com', '--password', 'new-password-1'));

    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('omit the password');
  });

  test('add refuses an unknown project with exit code 1 (JSON error under --json)', async () => {
    const args = addArgs('someone@example.com', '--json');
    args.splice(args.indexOf('--project'), 2, '--project', 'no-such-project');

    const result = await cli(...args);

    expect(result.exitCode).toBe(1);
    expect(result.json()).toEqual({ error: { name: 'NotFoundError', message: 'No project named "no-such-project".' } });
  });

  test.each([
    ['an unknown role', ['--role', 'Owner'], '--role: The role is one of Admin, Developer, Editor, User.'],
    ['a bad email', ['--email', 'grace'], '--email: Give a valid email address'],
    ['a short password', ['--password', 'short'], '--password: Passwords have at least 8 characters.'],
  ])('add refuses %s with exit code 2', async (_label, override, expected) => {
    const args = addArgs('new-user@example.com', '--password', 'long-enough-password');
    args.splice(args.lastIndexOf(override[0] ?? ''), 2, ...override);

    const result = await cli(...args);

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(expected);
  });

  test('add refuses a missing --role with exit code 2', async () => {
    const result = await cli(
      'users',
      'add',
      '--email',
      'x@example.com',
      '--first-name',
      'X',
      '--last-name',
      'Y',
      '--project',
      projectName,
    );

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("required option '--role <role>' not specified");
  });

  test('list refuses an unknown project with exit code 1', async () => {
    const result = await cli('users', 'list', '--project', 'nowhere');

    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('error: No project named "nowhere".\n');
  });

  test('remove takes a member out of the project and prints what it revoked', async () => {
    await cli(...addArgs('leaving@example.com', '--password', 'a-long-password'));

    const result = await cli('users', 'remove', '--project', projectName, '--email', 'Leaving@Example.com');

    expect(result).toMatchObject({
      exitCode: 0,
      stdout: 'Removed leaving@example.com (Editor) from project crm; revoked 0 token(s) and 0 MCP grant(s).\n',
    });
    const list = await cli('users', 'list', '--project', projectName, '--json');
    expect(JSON.stringify(list.json())).not.toContain('leaving@example.com');
  });

  test.each([
    ['an unknown email', ['--email', 'nobody@example.com'], 1, 'error: No user with email nobody@example.com.\n'],
    [
      'a user who is not a member',
      ['--email', 'stranger@example.com'],
      1,
      'error: stranger@example.com is not a member of project crm.\n',
    ],
    [
      'an unknown project',
      ['--email', 'existing@example.com', '--project', 'nowhere'],
      1,
      'error: No project named "nowhere".\n',
    ],
    ['a malformed email', ['--email', 'not-an-email'], 2, 'error: --email: Give a valid email address'],
    ['a missing --email', [], 2, "error: required option '--email <email>' not specified"],
  ])('remove refuses %s with a one-line error', async (_name, options, exitCode, message) => {
    const result = await cli('users', 'remove', '--project', projectName, ...options);

    expect(result.exitCode).toBe(exitCode);
    expect(result.stderr.startsWith(message)).toBe(true);
  });

  test('users --help lists add, remove and list', async () => {
    const result = await cli('users', '--help');

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/add \[options\]/);
    expect(result.stdout).toMatch(/remove \[options\]/);
    expect(result.stdout).toMatch(/list \[options\]/);
  });
});
