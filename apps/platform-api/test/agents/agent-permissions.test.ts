import { SECRET_HEADER } from '@platform/platform-contract';
import request from 'supertest';
import { setMemberTags } from '../../src/agents/member-tags-admin';
import { grantCollectionRights, revokeCollectionRights, setChartsRight } from '../../src/agents/permissions-admin';
import { type AgentWorld, seedAgentWorld } from '../factories/agent-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('agent permissions, users and renderings', (kind) => {
  let testContext: TestContext;
  let world: AgentWorld;

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    world = await seedAgentWorld(testContext.context);
  });
  afterAll(() => testContext.close());

  const target = () => ({ project: world.project.name, environment: world.environment.name });
  const get = (path: string) =>
    request(testContext.app).get(`/agent/v1${path}`).set(SECRET_HEADER, world.envSecret).expect(200);
  const roleOf = async (role: string) =>
    (await get('/permissions')).body.roles.find((entry: { role: string }) => entry.role === role);

  test('Admin allows everything without any grant, and other roles start with nothing', async () => {
    const admin = await roleOf('Admin');
    const developer = await roleOf('Developer');

    expect(admin).toEqual({ role: 'Admin', allowsEverything: true, collections: {}, charts: true });
    expect(developer).toEqual({ role: 'Developer', allowsEverything: false, collections: {}, charts: false });
  });

  test('a grant gives only the named rights and actions of that role on that collection', async () => {
    await grantCollectionRights(testContext.context, {
      ...target(),
      role: 'User',
      collection: 'orders',
      rights: ['browse', 'read'],
      actions: ['Refund'],
    });

    const user = await roleOf('User');
    const editor = await roleOf('Editor');

    expect(user.collections.orders).toEqual({
      browse: true,
      read: true,
      add: false,
      edit: false,
      delete: false,
      export: false,
      actions: { Refund: true },
    });
    expect(editor.collections.orders).toBeUndefined();
  });

  test('a revoke removes the named rights, and the collection once nothing is left', async () => {
    await grantCollectionRights(testContext.context, {
      ...target(),
      role: 'Developer',
      collection: 'books',
      rights: ['browse', 'delete'],
      actions: [],
    });

    await revokeCollectionRights(testContext.context, {
      ...target(),
      role: 'Developer',
      collection: 'books',
      rights: ['delete'],
      actions: [],
    });
    const afterOne = (await roleOf('Developer')).collections.books;
    await revokeCollectionRights(testContext.context, {
      ...target(),
      role: 'Developer',
      collection: 'books',
      rights: ['browse'],
      actions: [],
    });
    const afterAll = (await roleOf('Developer')).collections.books;

    expect(afterOne).toMatchObject({ browse: true, delete: false });
    expect(afterAll).toBeUndefined();
  });

  test('charts are allowed per role', async () => {
    await setChartsRight(testContext.context, { ...target(), role: 'Editor', allowed: true });

    expect((await roleOf('Editor')).charts).toBe(true);
    expect((await roleOf('User')).charts).toBe(false);
  });

  test('granting the Admin role is refused', async () => {
    await expect(
      grantCollectionRights(testContext.context, {
        ...target(),
        role: 'Admin',
        collection: 'orders',
        rights: ['read'],
        actions: [],
      }),
    ).rejects.toMatchObject({ name: 'ValidationError' });
  });

  test('users are the project members in a team rendering the environment, with their tags', async () => {
    await setMemberTags(testContext.context, {
      project: world.project.name,
      email: world.member.email,
      tags: { region: 'emea' },
    });

    const { users } = (await get('/users')).body;

    expect(users).toEqual([
      {
        id: world.member.id,
        email: world.member.email,
        firstName: 'Grace',
        lastName: 'Hopper',
        role: 'Editor',
        team: 'Support',
        renderingId: world.rendering.id,
        tags: { region: 'emea' },
      },
    ]);
  });

  test("a member of two teams gets the first rendering's team", async () => {
    const { prisma } = testContext.context;
    const later = await prisma.team.create({ data: { projectId: world.project.id, name: 'Audit' } });
    await prisma.rendering.create({ data: { environmentId: world.environment.id, teamId: later.id } });
    await prisma.teamMembership.create({ data: { teamId: later.id, userId: world.member.id } });
    await prisma.teamMembership.create({ data: { teamId: later.id, userId: world.outsider.id } });

    const { users } = (await get('/users')).body;

    expect(users.map((user: { email: string; team: string }) => [user.email, user.team])).toEqual([
      [world.member.email, 'Support'],
      [world.outsider.email, 'Audit'],
    ]);
  });
});
