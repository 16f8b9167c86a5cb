import type { AppContext } from '../../src/context';
import {
  addProjectMember,
  addUserToProject,
  createUser,
  getUserByEmail,
  listProjectUsers,
} from '../../src/identity/users-service';
import { seedProject } from '../factories/project-factory';
import { uniqueSuffix } from '../factories/unique-suffix';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('users service', (kind) => {
  let platform: TestContext;
  let context: AppContext;

  beforeAll(async () => {
    platform = await createTestContext(kind);
    context = platform.context;
  });

  afterAll(() => platform.close());

  const email = () => `user-${uniqueSuffix()}@example.com`;

  test('creates an SSO-only user, normalising the email, with the email as username', async () => {
    const address = email();

    const user = await createUser(context, { email: `  ${address.toUpperCase()} `, firstName: ' Ada ' });

    expect(user).toMatchObject({
      email: address,
      username: address,
      firstName: 'Ada',
      lastName: '',
      hasPassword: false,
    });
    expect(user).not.toHaveProperty('passwordHash');
  });

  test('creates a user with a scrypt password hash', async () => {
    const user = await createUser(context, { email: email(), password: 'long-enough-password' });

    const row = await context.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(user.hasPassword).toBe(true);
  });

  test('records the creation in the admin log, without the password', async () => {
    const user = await createUser(context, { email: email(), password: 'long-enough-password' });

    const [entry] = await context.prisma.adminLog.findMany({
      where: { action: 'user.create', targetId: String(user.id) },
    });
    expect(entry?.details).toEqual({ email: user.email, hasPassword: true });
  });

  test('refuses an email that is taken, whatever its case, with ConflictError', async () => {
    const existing = await seedUser(context);

    await expect(createUser(context, { email: existing.email.toUpperCase() })).rejects.toMatchObject({
      name: 'ConflictError',
      message: `A user with email ${existing.email} exists.`,
    });
  });

  test('refuses a username that is taken with ConflictError', async () => {
    const existing = await seedUser(context);

    await expect(createUser(context, { email: email(), username: existing.username })).rejects.toMatchObject({
      name: 'ConflictError',
      message: `The username ${existing.username} is taken; choose another.`,
    });
  });

  test.each([
    ['a malformed email', { email: 'ada' }, 'email'],
    ['a short password', { email: 'short@example.com', password: 'short' }, 'password'],
    ['an overlong first name', { email: 'long@example.com', firstName: 'x'.repeat(101) }, 'firstName'],
    ['an empty username', { email: 'empty@example.com', username: ' ' }, 'username'],
  ])('refuses %s with ValidationError naming the field', async (_label, input, field) => {
    await expect(createUser(context, input)).rejects.toMatchObject({
      name: 'ValidationError',
      issues: [expect.objectContaining({ path: field })],
    });
  });

  test('finds a user by email, case-insensitively, or throws NotFoundError', async () => {
    const existing = await seedUser(context);

    await expect(getUserByEmail(context, existing.email.toUpperCase())).resolves.toMatchObject({ id: existing.id });
    await expect(getUserByEmail(context, 'nobody@example.com')).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(getUserByEmail(context, 'not an email')).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  test('adds users to a project and lists them with their roles, by email', async () => {
    const project = await seedProject(context);
    const zed = await seedUser(context, { email: `zed-${uniqueSuffix()}@example.com` });
    const amy = await seedUser(context, { email: `amy-${uniqueSuffix()}@example.com` });

    await addUserToProject(context, { userId: zed.id, projectId: project.id, role: 'Developer' });
    await addUserToProject(context, { userId: amy.id, projectId: project.id, role: 'User' });

    const users = await listProjectUsers(context, project.id);
    expect(users.map((user) => [user.email, user.role])).toEqual([
      [amy.email, 'User'],
      [zed.email, 'Developer'],
    ]);
  });

  test('refuses adding a member twice with ConflictError', async () => {
    const project = await seedProject(context);
    const user = await seedUser(context, { project, role: 'Editor' });

    await expect(
      addUserToProject(context, { userId: user.id, projectId: project.id, role: 'Admin' }),
    ).rejects.toMatchObject({
      name: 'ConflictError',
    });
  });

  test('refuses an unknown role, project or user', async () => {
    const project = await seedProject(context);
    const user = await seedUser(context);

    await expect(
      addUserToProject(context, { userId: user.id, projectId: project.id, role: 'Owner' as never }),
    ).rejects.toMatchObject({ name: 'ValidationError' });
    await expect(
      addUserToProject(context, { userId: user.id, projectId: 999_999, role: 'User' }),
    ).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    await expect(
      addUserToProject(context, { userId: 999_999, projectId: project.id, role: 'User' }),
    ).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });

  test('addProjectMember creates a new user, or adds an existing one without touching their password', async () => {
    const project = await seedProject(context);
    const existing = await seedUser(context);

    const created = await addProjectMember(context, { email: email(), projectId: project.id, role: 'User' });
    const added = await addProjectMember(context, { email: existing.email, projectId: project.id, role: 'Editor' });

    expect(created).toMatchObject({ isNewUser: true, user: { role: 'User', hasPassword: false } });
    expect(added).toMatchObject({ isNewUser: false, user: { id: existing.id, role: 'Editor' } });
    const row = await context.prisma.user.findUniqueOrThrow({ where: { id: existing.id } });
    expect(row.passwordHash).toBe(existing.passwordHash);
  });

  test('addProjectMember refuses a password for an existing user with ConflictError', async () => {
    const project = await seedProject(context);
    const existing = await seedUser(context);

    await expect(
      addProjectMember(context, {
        email: existing.email,
        password: 'new-password-1',
        projectId: project.id,
        role: 'User',
      }),
    ).rejects.toMatchObject({ name: 'ConflictError' });
  });
});
