import type { Project, User } from '../../src/generated/prisma/client';
import { hashToken } from '../../src/tokens/token-format';
import { seedProject } from '../factories/project-factory';
import { seedUser } from '../factories/user-factory';
import { type CliDatabase, openCliDatabase, runCliOn } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';

/** The `--json` outputs these tests read fields of. */
interface CreatedJson {
  readonly value: string;
  readonly token: { readonly id: number; readonly displayPrefix: string };
}
interface ErrorJson {
  readonly error: { readonly name: string };
}

describeEachDatabase('platform-api tokens', (kind) => {
  let database: CliDatabase;
  let project: Project;
  let admin: User;

  const cli = (...argv: string[]) => runCliOn(database, argv);

  const createArgs = (...extra: string[]) => [
    'tokens',
    'create',
    '--project',
    project.name,
    '--user',
    admin.email,
    '--name',
    'backup',
    '--scopes',
    'notes:read,admin_logs:read',
    '--permission',
    'read-only',
    ...extra,
  ];

  beforeAll(async () => {
    database = await openCliDatabase(kind);
    await database.withContext(async (context) => {
      project = await seedProject(context);
      admin = await seedUser(context, { project, email: 'ops@example.com' });
    });
  });
  afterAll(() => database.close());

  test('create prints the value once, with the token it made', async () => {
    const result = await cli(...createArgs('--expires-at', '2099-01-01'));

    const [summary, value, warning] = result.stdout.trimEnd().split('\n');

    expect(result.exitCode).toBe(0);
    expect(summary).toMatch(
      new RegExp(`^Created token \\d+ "backup" for ops@example.com on project ${project.name}\\.$`),
    );
    expect(value).toMatch(/^plat_[0-9A-Za-z]{49}$/);
    expect(warning).toBe('Copy it now: it is shown only once and cannot be retrieved.');
    const stored = await database.withContext((context) =>
      context.prisma.applicationToken.findUniqueOrThrow({ where: { tokenHash: hashToken(value!) } }),
    );
    expect(stored).toMatchObject({
      name: 'backup',
      scopes: ['admin_logs:read', 'notes:read'],
      expiresAt: new Date('2099-01-01'),
    });
  });

  test('create --json prints the token and its value; --sso-session marks it', async () => {
    const result = await cli(...createArgs('--sso-session', '--json'));

    expect(result.exitCode).toBe(0);
    expect(result.json()).toEqual({
      value: expect.stringMatching(/^plat_/),
      token: expect.objectContaining({ name: 'backup', permissionLevel: 'read-only', createdInSsoSession: true }),
    });
  });

  test('list shows the tokens without their values, and --user filters', async () => {
    const created = (await cli(...createArgs('--json'))).json<CreatedJson>();
    const other = await database.withContext((context) => seedUser(context, { project, role: 'Developer' }));

    const all = await cli('tokens', 'list', '--project', project.name, '--json');
    const text = await cli('tokens', 'list', '--project', project.name);
    const none = await cli('tokens', 'list', '--project', project.name, '--user', other.email, '--json');

    expect(all.exitCode).toBe(0);
    expect(all.json<{ tokens: unknown[] }>().tokens).toContainEqual(
      expect.objectContaining({ id: created.token.id, name: 'backup' }),
    );
    expect(all.stdout).not.toContain(created.value);
    expect(text.stdout).toContain(`${created.token.id}\t${created.token.displayPrefix}…\tbackup\tactive`);
    expect(text.stdout).not.toContain(created.value);
    expect(none.json()).toEqual({ tokens: [] });
  });

  test('list shows whether each token was created by an Admin of the project', async () => {
    const developer = await database.withContext((context) => seedUser(context, { project, role: 'Developer' }));
    const asDeveloper = createArgs('--json').map((arg) => (arg === admin.email ? developer.email : arg));
    const byAdmin = (await cli(...createArgs('--json'))).json<CreatedJson>();
    const byDeveloper = (await cli(...asDeveloper)).json<CreatedJson>();

    const text = await cli('tokens', 'list', '--project', project.name);
    const json = await cli('tokens', 'list', '--project', project.name, '--json');

    // One entry per token: its first line starts with its id, the next ones with a tab.
    const entryOf = (id: number) => text.stdout.split(/\n(?=\d)/).find((entry) => entry.startsWith(`${id}\t`));
    expect(entryOf(byAdmin.token.id)).toMatch(/; created by an Admin\n?$/);
    expect(entryOf(byDeveloper.token.id)).toMatch(/; created by a non-Admin\n?$/);
    expect(json.json<{ tokens: unknown[] }>().tokens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: byAdmin.token.id, createdByAdmin: true }),
        expect.objectContaining({ id: byDeveloper.token.id, createdByAdmin: false }),
      ]),
    );
  });

  test('revoke revokes at once and logs an operator revocation', async () => {
    const created = (await cli(...createArgs('--json'))).json<CreatedJson>();

    const result = await cli('tokens', 'revoke', String(created.token.id), '--json');
    const again = await cli('tokens', 'revoke', String(created.token.id));

    expect(result.exitCode).toBe(0);
    expect(result.json<{ token: unknown }>().token).toMatchObject({ id: created.token.id, status: 'revoked' });
    expect(again).toMatchObject({
      exitCode: 0,
      stdout: `Revoked token ${created.token.id} "backup" (${created.token.displayPrefix}…).\n`,
    });
    const entries = await database.withContext((context) =>
      context.prisma.adminLog.findMany({ where: { targetId: String(created.token.id), action: 'token.revoke' } }),
    );
    expect(entries).toEqual([
      expect.objectContaining({ userId: null, details: expect.objectContaining({ source: 'cli' }) }),
    ]);
  });

  test.each<[string, string[]]>([
    [
      'a missing --name',
      ['tokens', 'create', '--project', 'p', '--user', 'u@example.com', '--scopes', 'all', '--permission', 'read-only'],
    ],
    [
      'an unknown permission',
      [
        'tokens',
        'create',
        '--project',
        'p',
        '--user',
        'u@example.com',
        '--name',
        'n',
        '--scopes',
        'all',
        '--permission',
        'admin',
      ],
    ],
    ['a token id that is not a number', ['tokens', 'revoke', 'abc']],
    ['an unknown subcommand', ['tokens', 'rotate']],
  ])('exits 2 on %s', async (_name, argv) => {
    const result = await cli(...argv);

    expect(result.exitCode).toBe(2);
    expect(result.stderr).not.toBe('');
  });

  test.each<[string, string[], string]>([
    ['an unknown scope', ['--scopes', 'notes:read,users:write'], 'scopes.1'],
    ['notes:write on a read-only token', ['--scopes', 'notes:write'], 'scopes'],
    ['a past expiration date', ['--expires-at', '2000-01-01'], 'expiresAt'],
    ['an empty name', ['--name', ' '], 'name'],
  ])('exits 2 with the issue on %s', async (_name, overrides, issuePath) => {
    const args = createArgs();
    for (let index = 0; index < overrides.length; index += 2) {
      const [option, value] = [overrides[index]!, overrides[index + 1]!];
      if (args.includes(option)) args[args.indexOf(option) + 1] = value;
      else args.push(option, value);
    }

    const result = await cli(...args, '--json');

    expect(result.exitCode).toBe(2);
    expect(result.json<ErrorJson>().error).toMatchObject({
      name: 'ValidationError',
      issues: [expect.objectContaining({ path: issuePath })],
    });
  });

  test.each<[string, string[], string]>([
    ['an unknown project', ['tokens', 'list', '--project', 'no-such-project', '--json'], 'NotFoundError'],
    ['an unknown token', ['tokens', 'revoke', '999999', '--json'], 'NotFoundError'],
  ])('exits 1 on %s', async (_name, argv, errorName) => {
    const result = await cli(...argv);

    expect(result.exitCode).toBe(1);
    expect(result.json<ErrorJson>().error.name).toBe(errorName);
  });

  test('exits 1 for a user who is not a member of the project', async () => {
    const outsider = await database.withContext(async (context) =>
      seedUser(context, { project: await seedProject(context) }),
    );

    const result = await cli(
      'tokens',
      'create',
      '--project',
      project.name,
      '--user',
      outsider.email,
      '--name',
      'x',
      '--scopes',
      'all',
      '--permission',
      'read-only',
      '--json',
    );

    expect(result.exitCode).toBe(1);
    expect(result.json<ErrorJson>().error.name).toBe('NotFoundError');
  });
});
