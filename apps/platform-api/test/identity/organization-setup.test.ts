import { createHash } from 'node:crypto';
import type { AppContext } from '../../src/context';
import { setupOrganization } from '../../src/identity/organization-setup';
import { verifyPassword } from '../../src/identity/password-hasher';
import { uniqueSuffix } from '../factories/unique-suffix';
import { seedUser } from '../factories/user-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('organization setup', (kind) => {
  let platform: TestContext;
  let context: AppContext;

  beforeAll(async () => {
    platform = await createTestContext(kind);
    context = platform.context;
  });

  afterAll(() => platform.close());

  const input = (overrides: Record<string, unknown> = {}) => ({
    organization: `acme-${uniqueSuffix()}`,
    project: 'main',
    environments: ['production', 'staging'],
    adminEmail: `admin-${uniqueSuffix()}@example.com`,
    adminPassword: 'a-long-password',
    ...overrides,
  });

  test('returns each environment secret once and stores only its SHA-256', async () => {
    const setup = await setupOrganization(context, input());

    const environments = await context.prisma.environment.findMany({
      where: { projectId: setup.project.id },
      orderBy: { id: 'asc' },
    });
    expect(setup.environments.map((environment) => environment.name)).toEqual(['production', 'staging']);
    expect(environments.map((environment) => environment.secretHash)).toEqual(
      setup.environments.map((environment) => createHash('sha256').update(environment.secret).digest('hex')),
    );
    expect(new Set(setup.environments.map((environment) => environment.secret)).size).toBe(2);
  });

  test('makes the admin an Admin member with a verifiable password, in the Operations team', async () => {
    const setup = await setupOrganization(context, input());

    const admin = await context.prisma.user.findUniqueOrThrow({
      where: { id: setup.admin.id },
      include: { memberships: true, teamMemberships: { include: { team: { include: { renderings: true } } } } },
    });
    expect(admin.memberships).toEqual([expect.objectContaining({ projectId: setup.project.id, role: 'Admin' })]);
    await expect(verifyPassword('a-long-password', admin.passwordHash ?? '')).resolves.toBe(true);
    expect(admin.teamMemberships.map((membership) => membership.team.name)).toEqual(['Operations']);
    expect(admin.teamMemberships[0]?.team.renderings).toHaveLength(2);
  });

  test('reuses an existing user as the admin when no password is given', async () => {
    const existing = await seedUser(context);

    const setup = await setupOrganization(
      context,
      input({ adminEmail: existing.email, adminPassword: undefined, usesSso: true }),
    );

    expect(setup.admin.id).toBe(existing.id);
    expect(setup.project.usesSso).toBe(true);
  });

  test('reuses an existing user as the admin of a project without SSO when no password is given', async () => {
    const existing = await seedUser(context);

    const setup = await setupOrganization(context, input({ adminEmail: existing.email, adminPassword: undefined }));

    expect(setup.admin.id).toBe(existing.id);
    expect(setup.project.usesSso).toBe(false);
  });

  test('refuses a password for an existing admin with ConflictError and creates nothing', async () => {
    const existing = await seedUser(context);
    const request = input({ adminEmail: existing.email });

    await expect(setupOrganization(context, request)).rejects.toMatchObject({ name: 'ConflictError' });
    expect(await context.prisma.organization.count({ where: { name: request.organization } })).toBe(0);
  });

  test('refuses an existing organization name with ConflictError', async () => {
    const first = await setupOrganization(context, input());

    await expect(setupOrganization(context, input({ organization: first.organization.name }))).rejects.toMatchObject({
      name: 'ConflictError',
    });
  });

  test.each([
    ['no environments', { environments: [] }, 'environments'],
    ['duplicate environments', { environments: ['prod', 'prod'] }, 'environments'],
    ['a malformed admin email', { adminEmail: 'admin' }, 'adminEmail'],
    ['no password without SSO', { adminPassword: undefined }, 'adminPassword'],
    ['an empty organization name', { organization: ' ' }, 'organization'],
  ])('refuses %s with ValidationError', async (_label, overrides, field) => {
    await expect(setupOrganization(context, input(overrides))).rejects.toMatchObject({
      name: 'ValidationError',
      issues: [expect.objectContaining({ path: field })],
    });
  });
});
