import { seedProject } from '../factories/project-factory';
import { seedUser } from '../factories/user-factory';
import { type CliDatabase, openCliDatabase, runCliOn } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';

describeEachDatabase('platform-api teams', (kind) => {
  let database: CliDatabase;
  let projectName: string;

  beforeAll(async () => {
    database = await openCliDatabase(kind);
    await database.withContext(async (context) => {
      const project = await seedProject(context, { name: 'crm', environments: ['production', 'staging'] });
      projectName = project.name;
      await seedUser(context, { email: 'ada@example.com', project, role: 'Editor' });
      await seedUser(context, { email: 'grace@example.com', project, role: 'User' });
      await seedUser(context, { email: 'outsider@example.com' });
    });
  });

  afterAll(() => database.close());

  const cli = (...argv: string[]) => runCliOn(database, argv);
  const teamOf = (name: string) =>
    database.withContext((context) =>
      context.prisma.team.findFirst({
        where: { name, project: { name: projectName } },
        include: { renderings: true, members: { include: { user: true } } },
      }),
    );

  test('add creates a team with a rendering of each environment and its members', async () => {
    const result = await cli(
      'teams',
      'add',
      '--project',
      projectName,
      '--name',
      'Support',
      '--members',
      'ada@example.com, Grace@Example.com',
    );

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /^Created team Support \(id \d+\) in project crm, with a rendering of 2 environment\(s\) and members ada@example\.com, grace@example\.com\.\n$/,
    );
    const team = await teamOf('Support');
    expect(team?.renderings).toHaveLength(2);
    expect(team?.members.map((member) => member.user.email).sort()).toEqual(['ada@example.com', 'grace@example.com']);
  });

  test('add without members prints JSON under --json', async () => {
    const result = await cli('teams', 'add', '--project', projectName, '--name', 'Finance', '--json');

    expect(result.exitCode).toBe(0);
    expect(result.json()).toEqual({
      team: {
        id: expect.any(Number),
        projectId: expect.any(Number),
        name: 'Finance',
        environmentIds: [expect.any(Number), expect.any(Number)],
        memberEmails: [],
      },
    });
  });

  test('add refuses a team name taken in the project with exit code 1', async () => {
    await cli('teams', 'add', '--project', projectName, '--name', 'Sales');

    const result = await cli('teams', 'add', '--project', projectName, '--name', 'Sales');

    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('error: Project crm already has a team named Sales.\n');
  });

  test('add refuses an unknown member email with exit code 1 and creates no team', async () => {
    const result = await cli(
      'teams',
      'add',
      '--project',
      projectName,
      '--name',
      'Ghosts',
      '--members',
      'nobody@example.com',
    );

    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('error: No user with email nobody@example.com; add them to the project first.\n');
    expect(await teamOf('Ghosts')).toBeNull();
  });

  test('add refuses a member outside the project with exit code 1 and creates no team', async () => {
    const result = await cli(
      'teams',
      'add',
      '--project',
      projectName,
      '--name',
      'Mixed',
      '--members',
      'ada@example.com,outsider@example.com',
    );

    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('outsider@example.com not a member of project crm');
    expect(await teamOf('Mixed')).toBeNull();
  });

  test('add refuses a malformed member email with exit code 2', async () => {
    const result = await cli('teams', 'add', '--project', projectName, '--name', 'Typos', '--members', 'ada@');

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--members: Give a valid email address');
  });

  test('add refuses an empty team name with exit code 2', async () => {
    const result = await cli('teams', 'add', '--project', projectName, '--name', '  ');

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--name: The team name cannot be empty.');
  });

  test('add refuses an unknown project with exit code 1', async () => {
    const result = await cli('teams', 'add', '--project', 'nowhere', '--name', 'Ops');

    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('error: No project named "nowhere".\n');
  });

  test('add-member puts a project member in a team, and remove-member takes them out', async () => {
    await cli('teams', 'add', '--project', projectName, '--name', 'Rota');
    const member = ['--project', projectName, '--team', 'Rota', '--email', 'grace@example.com'];

    const added = await cli('teams', 'add-member', ...member);
    const inTeam = (await teamOf('Rota'))?.members.map((membership) => membership.user.email);
    const removed = await cli('teams', 'remove-member', ...member, '--json');

    expect(added).toMatchObject({ exitCode: 0, stdout: 'grace@example.com is in team Rota.\n' });
    expect(inTeam).toEqual(['grace@example.com']);
    expect(removed.json()).toEqual({ team: 'Rota', email: 'grace@example.com' });
    expect((await teamOf('Rota'))?.members).toEqual([]);
  });

  test.each([
    [
      'remove-member',
      'an unknown team',
      ['--team', 'Nobody', '--email', 'ada@example.com'],
      1,
      'error: Project crm has no team named "Nobody".\n',
    ],
    [
      'remove-member',
      'an unknown email',
      ['--team', 'Support', '--email', 'nobody@example.com'],
      1,
      'error: No user with email nobody@example.com.\n',
    ],
    [
      'remove-member',
      'a user not in the team',
      ['--team', 'Finance', '--email', 'ada@example.com'],
      1,
      'error: ada@example.com is not in team Finance of project crm.\n',
    ],
    [
      'remove-member',
      'a malformed email',
      ['--team', 'Support', '--email', 'ada'],
      2,
      'error: --email: Give a valid email address',
    ],
    [
      'add-member',
      'a user outside the project',
      ['--team', 'Support', '--email', 'outsider@example.com'],
      1,
      'error: outsider@example.com is not a member of project crm; add them to the project first.\n',
    ],
    [
      'add-member',
      'a user already in the team',
      ['--team', 'Support', '--email', 'ada@example.com'],
      1,
      'error: ada@example.com is already in team Support.\n',
    ],
  ])('%s refuses %s with a one-line error', async (command, _name, options, exitCode, message) => {
    const result = await cli('teams', command, '--project', projectName, ...options);

    expect(result.exitCode).toBe(exitCode);
    expect(result.stderr.startsWith(message)).toBe(true);
  });

  test('add refuses a missing --name with exit code 2', async () => {
    const result = await cli('teams', 'add', '--project', projectName);

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("required option '--name <team>' not specified");
  });
});
