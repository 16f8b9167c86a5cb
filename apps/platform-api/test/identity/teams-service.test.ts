import type { AppContext } from '../../src/context';
import { addTeamMember, addTeamToProject } from '../../src/identity/teams-service';
import { seedProject } from '../factories/project-factory';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('teams service', (kind) => {
  let platform: TestContext;
  let context: AppContext;

  beforeAll(async () => {
    platform = await createTestContext(kind);
    context = platform.context;
  });

  afterAll(() => platform.close());

  test('adds a team with one rendering per environment of the project', async () => {
    const project = await seedProject(context, { environments: ['production', 'staging', 'dev'] });

    const team = await addTeamToProject(context, { projectId: project.id, name: ' Support ' });

    const renderings = await context.prisma.rendering.findMany({ where: { teamId: team.id } });
    expect(team).toMatchObject({ name: 'Support', projectId: project.id, memberEmails: [] });
    expect(renderings).toHaveLength(3);
    expect(renderings.map((rendering) => rendering.environmentId).sort()).toEqual([...team.environmentIds].sort());
  });

  test('adds the given members, by email, in the same transaction', async () => {
    const project = await seedProject(context, { environments: ['production'] });
    const ada = await seedUser(context, { project, role: 'Editor' });

    const team = await addTeamToProject(context, {
      projectId: project.id,
      name: 'Ops',
      memberEmails: [ada.email.toUpperCase()],
    });

    const members = await context.prisma.teamMembership.findMany({ where: { teamId: team.id } });
    expect(members.map((member) => member.userId)).toEqual([ada.id]);
  });

  test('refuses a name taken in the project with ConflictError', async () => {
    const project = await seedProject(context);
    await addTeamToProject(context, { projectId: project.id, name: 'Support' });

    await expect(addTeamToProject(context, { projectId: project.id, name: 'Support' })).rejects.toMatchObject({
      name: 'ConflictError',
    });
  });

  test('allows the same name in another project', async () => {
    const first = await seedProject(context);
    const second = await seedProject(context);
    await addTeamToProject(context, { projectId: first.id, name: 'Support' });

    await expect(addTeamToProject(context, { projectId: second.id, name: 'Support' })).resolves.toMatchObject({
      name: 'Support',
    });
  });

  test.each([
    ['an empty name', { name: '' }, 'ValidationError'],
    ['a name with a slash', { name: 'a/b' }, 'ValidationError'],
    ['a malformed member email', { name: 'T1', memberEmails: ['nope'] }, 'ValidationError'],
    ['an unknown member email', { name: 'T2', memberEmails: ['nobody@example.com'] }, 'NotFoundError'],
  ])('refuses %s with %s and creates no team', async (_label, input, errorName) => {
    const project = await seedProject(context);

    await expect(addTeamToProject(context, { projectId: project.id, ...input })).rejects.toMatchObject({
      name: errorName,
    });
    expect(await context.prisma.team.count({ where: { projectId: project.id } })).toBe(0);
  });

  test('refuses a member of another project with ValidationError', async () => {
    const project = await seedProject(context);
    const outsider = await seedUser(context, { project: await seedProject(context) });

    await expect(
      addTeamToProject(context, { projectId: project.id, name: 'Mixed', memberEmails: [outsider.email] }),
    ).rejects.toMatchObject({ name: 'ValidationError' });
  });

  test('refuses an unknown project with NotFoundError', async () => {
    await expect(addTeamToProject(context, { projectId: 999_999, name: 'Ops' })).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });

  test('addTeamMember adds a project member once, and refuses outsiders and repeats', async () => {
    const project = await seedProject(context);
    const member = await seedUser(context, { project, role: 'User' });
    const outsider = await seedUser(context);
    const team = await addTeamToProject(context, { projectId: project.id, name: 'Later' });

    await addTeamMember(context, { teamId: team.id, userId: member.id });

    await expect(addTeamMember(context, { teamId: team.id, userId: member.id })).rejects.toMatchObject({
      name: 'ConflictError',
    });
    await expect(addTeamMember(context, { teamId: team.id, userId: outsider.id })).rejects.toMatchObject({
      name: 'ValidationError',
    });
    await expect(addTeamMember(context, { teamId: 999_999, userId: member.id })).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    expect(await context.prisma.teamMembership.count({ where: { teamId: team.id } })).toBe(1);
  });
});
