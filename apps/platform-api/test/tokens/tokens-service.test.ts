import pg from 'pg';
import type { AppContext } from '../../src/context';
import type { Project, User } from '../../src/generated/prisma/client';
import { hashToken } from '../../src/tokens/token-format';
import type { CreateTokenInput } from '../../src/tokens/token-schemas';
import { createToken, listTokens, revokeToken } from '../../src/tokens/tokens-service';
import { seedProject } from '../factories/project-factory';
import { createTestClock } from '../factories/test-clock';
import { seedUser, setRole } from '../factories/user-factory';
import { sleep } from '../helpers/sleep';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

const validInput: CreateTokenInput = { name: 'SIEM export', scopes: ['admin_logs:read'], permissionLevel: 'read-only' };

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { name, message } = error as Error;
    const issues = (error as { issues?: { path: string }[] }).issues?.map((issue) => issue.path);
    return { name, message, issues };
  }
  throw new Error('expected a failure');
}

/** Resolves once a session of this database waits on a lock (here: the creation, on the membership row). */
async function waitForLockWait(client: pg.Client): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { rows } = await client.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await sleep(25);
  }
  throw new Error('the creation never waited for the membership row');
}

describeEachDatabase('tokens service', (kind) => {
  const clock = createTestClock();
  let testContext: TestContext;
  let context: AppContext;
  let project: Project;
  let admin: User;

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    context = testContext.context;
  });
  afterAll(() => testContext.close());
  beforeEach(async () => {
    clock.set('2030-01-01T12:00:00.000Z');
    project = await seedProject(context);
    admin = await seedUser(context, { project, role: 'Admin' });
  });

  describe('create', () => {
    test('returns the value once and a view without value or hash', async () => {
      const created = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });

      expect(created.value).toMatch(/^plat_[0-9A-Za-z]{49}$/);
      expect(created.token).toEqual({
        id: expect.any(Number),
        name: 'SIEM export',
        displayPrefix: created.value.slice(0, 9),
        scopes: ['admin_logs:read'],
        permissionLevel: 'read-only',
        status: 'active',
        createdInSsoSession: false,
        createdByAdmin: true,
        createdAt: new Date('2030-01-01T12:00:00.000Z'),
        lastUsedAt: null,
        expiresAt: null,
        revokedAt: null,
        project: { id: project.id, name: project.name },
        user: { id: admin.id, email: admin.email },
      });
    });

    test('stores only the SHA-256 of the value', async () => {
      const created = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });

      const row = await context.prisma.applicationToken.findUniqueOrThrow({ where: { id: created.token.id } });

      expect(row.tokenHash).toBe(hashToken(created.value));
      expect(JSON.stringify(row)).not.toContain(created.value);
    });

    test('trims the name, drops duplicated scopes and keeps a future expiration date', async () => {
      const created = await createToken(
        context,
        admin.id,
        project.id,
        {
          name: '  Nightly  ',
          scopes: ['notes:write', 'notes:read', 'notes:write'],
          permissionLevel: 'read-write',
          expiresAt: '2030-01-01T12:00:01Z',
        },
        { isSsoSession: false },
      );

      expect(created.token).toMatchObject({
        name: 'Nightly',
        scopes: ['notes:read', 'notes:write'],
        permissionLevel: 'read-write',
        expiresAt: new Date('2030-01-01T12:00:01Z'),
      });
    });

    test('accepts all on a read-only token (it then means every read scope)', async () => {
      const created = await createToken(
        context,
        admin.id,
        project.id,
        { ...validInput, scopes: ['all'], permissionLevel: 'read-only' },
        { isSsoSession: false },
      );

      expect(created.token).toMatchObject({ scopes: ['all'], permissionLevel: 'read-only' });
    });

    test('accepts a name of 100 characters and a date-only expiration', async () => {
      const created = await createToken(
        context,
        admin.id,
        project.id,
        { ...validInput, name: 'n'.repeat(100), expiresAt: '2031-06-30' },
        { isSsoSession: false },
      );

      expect(created.token).toMatchObject({ name: 'n'.repeat(100), expiresAt: new Date('2031-06-30T00:00:00Z') });
    });

    test('lets a non-Admin member create a token (it is refused on Admin-only endpoints)', async () => {
      const developer = await seedUser(context, { project, role: 'Developer' });

      const created = await createToken(context, developer.id, project.id, validInput, { isSsoSession: false });

      expect(created.token.user.id).toBe(developer.id);
    });

    test('records who created which token in the admin log', async () => {
      const created = await createToken(context, admin.id, project.id, validInput, { isSsoSession: true });

      const entries = await context.prisma.adminLog.findMany({ where: { projectId: project.id } });

      expect(entries).toEqual([
        expect.objectContaining({
          organizationId: project.organizationId,
          userId: admin.id,
          userEmail: admin.email,
          action: 'token.create',
          targetType: 'application_token',
          targetId: String(created.token.id),
          details: {
            name: 'SIEM export',
            displayPrefix: created.token.displayPrefix,
            scopes: ['admin_logs:read'],
            permissionLevel: 'read-only',
            expiresAt: null,
            createdInSsoSession: true,
            createdByAdmin: true,
            source: 'api',
          },
          createdAt: new Date('2030-01-01T12:00:00.000Z'),
        }),
      ]);
    });

    test.each<[string, unknown, string[]]>([
      ['an empty name', { ...validInput, name: '' }, ['name']],
      ['a blank name', { ...validInput, name: '   ' }, ['name']],
      ['a name of 101 characters', { ...validInput, name: 'n'.repeat(101) }, ['name']],
      ['a missing name', { scopes: ['all'], permissionLevel: 'read-only' }, ['name']],
      ['no scope', { ...validInput, scopes: [] }, ['scopes']],
      ['an unknown scope', { ...validInput, scopes: ['notes:delete'] }, ['scopes.0']],
      ['scopes given as a string', { ...validInput, scopes: 'all' }, ['scopes']],
      [
        'read-only with notes:write',
        { ...validInput, scopes: ['notes:write'], permissionLevel: 'read-only' },
        ['scopes'],
      ],
      ['an unknown permission level', { ...validInput, permissionLevel: 'admin' }, ['permissionLevel']],
      ['the enum spelling of a permission level', { ...validInput, permissionLevel: 'ReadOnly' }, ['permissionLevel']],
      ['a past expiration date', { ...validInput, expiresAt: '2029-12-31T23:59:59Z' }, ['expiresAt']],
      ['an expiration date equal to now', { ...validInput, expiresAt: '2030-01-01T12:00:00Z' }, ['expiresAt']],
      ['an expiration date that is not a date', { ...validInput, expiresAt: 'next week' }, ['expiresAt']],
      ['an expiration date without time zone', { ...validInput, expiresAt: '2031-01-01T00:00:00' }, ['expiresAt']],
    ])('refuses %s', async (_name, input, paths) => {
      const failure = await failureOf(
        createToken(context, admin.id, project.id, input as CreateTokenInput, { isSsoSession: false }),
      );

      expect(failure).toMatchObject({ name: 'ValidationError', issues: paths });
      expect(await context.prisma.applicationToken.count({ where: { projectId: project.id } })).toBe(0);
    });

    test('refuses a user who is not a member of the project', async () => {
      const outsider = await seedUser(context, { project: await seedProject(context) });

      const failure = await failureOf(
        createToken(context, outsider.id, project.id, validInput, { isSsoSession: false }),
      );

      expect(failure).toMatchObject({ name: 'NotFoundError' });
    });

    test('refuses a creation outside an SSO session on a project that uses SSO', async () => {
      const ssoProject = await seedProject(context, { usesSso: true });
      const user = await seedUser(context, { project: ssoProject });

      const failure = await failureOf(
        createToken(context, user.id, ssoProject.id, validInput, { isSsoSession: false }),
      );

      expect(failure).toEqual({
        name: 'ForbiddenError',
        message: `Project "${ssoProject.name}" uses SSO: log in with SSO to create application tokens.`,
        issues: undefined,
      });
    });

    test('marks a token created in an SSO session', async () => {
      const ssoProject = await seedProject(context, { usesSso: true });
      const user = await seedUser(context, { project: ssoProject });

      const created = await createToken(context, user.id, ssoProject.id, validInput, { isSsoSession: true });

      expect(created.token.createdInSsoSession).toBe(true);
    });
  });

  describe('the role at generation', () => {
    test.each([
      ['Admin', true],
      ['Developer', false],
      ['Editor', false],
      ['User', false],
    ] as const)(
      'records createdByAdmin for a token generated by a member with the role %s: %s',
      async (role, createdByAdmin) => {
        const member = await seedUser(context, { project, role });

        const created = await createToken(context, member.id, project.id, validInput, { isSsoSession: false });
        const row = await context.prisma.applicationToken.findUniqueOrThrow({ where: { id: created.token.id } });

        expect([created.token.createdByAdmin, row.createdByAdmin]).toEqual([createdByAdmin, createdByAdmin]);
      },
    );

    test('keeps the role of generation when the role changes later', async () => {
      const developer = await seedUser(context, { project, role: 'Developer' });
      const ofDeveloper = await createToken(context, developer.id, project.id, validInput, { isSsoSession: false });
      const ofAdmin = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });

      await setRole(context, project, developer, 'Admin');
      await setRole(context, project, admin, 'Developer');
      const listed = await listTokens(context, { projectId: project.id });

      expect(listed.map((token) => [token.id, token.createdByAdmin])).toEqual([
        [ofDeveloper.token.id, false],
        [ofAdmin.token.id, true],
      ]);
    });

    // PostgreSQL only: PGlite has one connection, so nothing can run alongside a creation there
    // (registered for PostgreSQL alone rather than shown as skipped on PGlite).
    const onPostgres = kind === 'postgres' ? test : () => {};
    onPostgres('waits for a role change in progress and records the role it committed', async () => {
      const { database } = context.config;
      if (database.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
      const developer = await seedUser(context, { project, role: 'Developer' });
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(`UPDATE "ProjectMembership" SET role = 'Admin' WHERE "projectId" = $1 AND "userId" = $2`, [
          project.id,
          developer.id,
        ]);

        const creating = createToken(context, developer.id, project.id, validInput, { isSsoSession: false });
        await waitForLockWait(other);
        await other.query('COMMIT');
        const created = await creating;

        expect(created.token.createdByAdmin).toBe(true);
      } finally {
        await other.end();
      }
    });
  });

  describe('list', () => {
    test('shows the tokens of a project, or of a user in it, without value or hash', async () => {
      const developer = await seedUser(context, { project, role: 'Developer' });
      const first = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });
      const second = await createToken(context, developer.id, project.id, validInput, { isSsoSession: false });

      const all = await listTokens(context, { projectId: project.id });
      const own = await listTokens(context, { projectId: project.id, userId: developer.id });

      expect(all.map((token) => token.id)).toEqual([first.token.id, second.token.id]);
      expect(own.map((token) => token.id)).toEqual([second.token.id]);
      expect(JSON.stringify(all)).not.toMatch(/tokenHash|plat_[0-9A-Za-z]{49}/);
    });

    test('hides revoked tokens unless asked, and marks expired ones', async () => {
      const revoked = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });
      const expiring = await createToken(
        context,
        admin.id,
        project.id,
        { ...validInput, expiresAt: '2030-01-02T00:00:00Z' },
        { isSsoSession: false },
      );
      await revokeToken(context, revoked.token.id, admin.id);
      clock.set('2030-01-03T00:00:00Z');

      const visible = await listTokens(context, { projectId: project.id });
      const everything = await listTokens(context, { projectId: project.id, includeRevoked: true });

      expect(visible.map((token) => [token.id, token.status])).toEqual([[expiring.token.id, 'expired']]);
      expect(everything.map((token) => token.status)).toEqual(['revoked', 'expired']);
    });
  });

  describe('revoke', () => {
    test('lets the owner revoke their token, at the current time', async () => {
      const created = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });
      clock.advance(5_000);

      const revoked = await revokeToken(context, created.token.id, admin.id);

      expect(revoked).toMatchObject({ status: 'revoked', revokedAt: new Date('2030-01-01T12:00:05Z') });
    });

    test("lets an Admin revoke another user's token", async () => {
      const developer = await seedUser(context, { project, role: 'Developer' });
      const created = await createToken(context, developer.id, project.id, validInput, { isSsoSession: false });

      const revoked = await revokeToken(context, created.token.id, admin.id);

      expect(revoked.status).toBe('revoked');
    });

    test("reports another user's token as not found to a non-Admin", async () => {
      const developer = await seedUser(context, { project, role: 'Developer' });
      const created = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });

      const failure = await failureOf(revokeToken(context, created.token.id, developer.id));

      expect(failure).toMatchObject({ name: 'NotFoundError', message: `No application token ${created.token.id}.` });
    });

    test('reports a token of another project as not found', async () => {
      const created = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });
      const other = await seedProject(context);

      const failure = await failureOf(revokeToken(context, created.token.id, admin.id, { projectId: other.id }));

      expect(failure).toMatchObject({ name: 'NotFoundError' });
    });

    test('reports an unknown token as not found', async () => {
      expect(await failureOf(revokeToken(context, 987_654, admin.id))).toMatchObject({ name: 'NotFoundError' });
    });

    test('changes nothing and logs once when revoked twice', async () => {
      const created = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });
      const first = await revokeToken(context, created.token.id, admin.id);
      clock.advance(60_000);

      const second = await revokeToken(context, created.token.id, admin.id);

      expect(second.revokedAt).toEqual(first.revokedAt);
      expect(await context.prisma.adminLog.count({ where: { projectId: project.id, action: 'token.revoke' } })).toBe(1);
    });

    test('records who revoked which token; an operator revocation has no user', async () => {
      const created = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });
      const other = await createToken(context, admin.id, project.id, validInput, { isSsoSession: false });
      await revokeToken(context, created.token.id, admin.id);
      await revokeToken(context, other.token.id, null, { source: 'cli' });

      const entries = await context.prisma.adminLog.findMany({
        where: { projectId: project.id, action: 'token.revoke' },
        orderBy: { id: 'asc' },
      });

      expect(
        entries.map(({ userId, userEmail, targetId, details }) => ({ userId, userEmail, targetId, details })),
      ).toEqual([
        {
          userId: admin.id,
          userEmail: admin.email,
          targetId: String(created.token.id),
          details: { name: 'SIEM export', ownerEmail: admin.email, source: 'api' },
        },
        {
          userId: null,
          userEmail: null,
          targetId: String(other.token.id),
          details: { name: 'SIEM export', ownerEmail: admin.email, source: 'cli' },
        },
      ]);
    });
  });
});
