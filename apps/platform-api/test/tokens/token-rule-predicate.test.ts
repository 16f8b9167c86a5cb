import type { AppContext } from '../../src/context';
import type { Prisma, Project, User } from '../../src/generated/prisma/client';
import { readNotePage } from '../../src/notes/notes-service';
import { presentedTokenHash } from '../../src/tokens/token-authenticator';
import type { TokenRule } from '../../src/tokens/token-rule';
import { seedNote } from '../factories/note-factory';
import { type IssueTokenOptions, issueToken } from '../factories/token-factory';
import { seedUser, setRole } from '../factories/user-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from '../public-api/helpers/public-api-client';

/**
 * `tokenRulePredicate` (the checks of `requireApplicationToken` in SQL, gating the notes page
 * statement) against the middleware itself, over every state a token can be in: the listing
 * answers 200 exactly when the statement was allowed to read the page, and a write exactly when
 * the predicate holds for the write rule. A disagreement would either read notes for a refused
 * caller or refuse with a 500.
 */
describeEachDatabase('tokenRulePredicate agrees with requireApplicationToken', (kind) => {
  let testContext: TestContext;
  let context: AppContext;
  let api: PublicApiClient;
  let world: World;
  let ssoWorld: World;

  const READ: TokenRule = { scopes: ['notes:read'] };
  const WRITE: TokenRule = { scopes: ['notes:write'], requireWrite: true };
  const WRITE_SCOPE_ONLY: TokenRule = { scopes: ['notes:write'] };
  const notesPath = (project: Project, environmentName = 'Production') =>
    `/v1/project/${encodeURIComponent(project.name)}/environment/${environmentName}/notes`;

  async function pageAllowed(value: string, rule: TokenRule, project: Project): Promise<boolean> {
    const { page } = await readNotePage(context, {
      tokenHash: presentedTokenHash(value),
      rule,
      projectName: project.name,
      now: context.now(),
      environmentName: 'Production',
      filters: { limit: 1 },
    });
    if (page?.pageAllowed) expect(page.notes?.length).toBeGreaterThan(0);
    else expect(page?.notes ?? null).toBeNull();
    return page?.pageAllowed ?? false;
  }

  type IssuedToken = { value: string; id: number };

  /** Changes the token's row after it was issued. */
  const updateToken = (token: IssuedToken, data: Prisma.ApplicationTokenUpdateInput) =>
    context.prisma.applicationToken.update({ where: { id: token.id }, data }).then(() => undefined);

  /** Gives the token to a new Admin of its project, whom the case then changes. */
  async function toNewAdmin(token: IssuedToken, tokenWorld: World): Promise<User> {
    const user = await seedUser(context, { project: tokenWorld.project, role: 'Admin' });
    await context.prisma.applicationToken.update({ where: { id: token.id }, data: { userId: user.id } });
    return user;
  }

  interface TokenCase {
    readonly world: () => World;
    readonly issue?: IssueTokenOptions;
    /** Who issues the token (the world's Admin by default) and what happens after. */
    readonly setUp?: (token: IssuedToken, world: World) => Promise<void>;
    /** The project the path names, when not the token's. */
    readonly pathProject?: () => Project;
    readonly read: number;
    readonly write: number;
  }

  const cases: [string, TokenCase][] = [
    [
      'an Admin read-only token with notes:read',
      { world: () => world, issue: readOnly(['notes:read']), read: 200, write: 403 },
    ],
    ['an Admin read-write token with all', { world: () => world, read: 200, write: 201 }],
    ['an Admin read-only token with all', { world: () => world, issue: readOnly(['all']), read: 200, write: 403 }],
    [
      'a read-write token with notes:write only',
      { world: () => world, issue: { scopes: ['notes:write'] }, read: 403, write: 201 },
    ],
    [
      'a token with another scope',
      { world: () => world, issue: { scopes: ['admin_logs:read'] }, read: 403, write: 403 },
    ],
    [
      'a token expiring later',
      { world: () => world, issue: { expiresAt: '2999-01-01T00:00:00.000Z' }, read: 200, write: 201 },
    ],
    [
      'a revoked token',
      {
        world: () => world,
        setUp: (token) => updateToken(token, { revokedAt: new Date() }),
        read: 401,
        write: 401,
      },
    ],
    [
      'an expired token',
      {
        world: () => world,
        setUp: (token) => updateToken(token, { expiresAt: new Date(context.now().getTime() - 1000) }),
        read: 401,
        write: 401,
      },
    ],
    [
      'a token whose user left the project',
      {
        world: () => world,
        setUp: async (token, tokenWorld) => {
          const user = await toNewAdmin(token, tokenWorld);
          await context.prisma.projectMembership.deleteMany({
            where: { projectId: tokenWorld.project.id, userId: user.id },
          });
        },
        read: 403,
        write: 403,
      },
    ],
    [
      'a token of an Admin demoted to Developer',
      {
        world: () => world,
        setUp: async (token, tokenWorld) =>
          setRole(context, tokenWorld.project, await toNewAdmin(token, tokenWorld), 'Developer'),
        read: 403,
        write: 403,
      },
    ],
    [
      'a token generated by a non-Admin later promoted',
      {
        world: () => world,
        setUp: (token) => updateToken(token, { createdByAdmin: false }),
        read: 403,
        write: 403,
      },
    ],
    [
      'a token not made in an SSO session, on a project that uses SSO',
      {
        world: () => ssoWorld,
        issue: { isSsoSession: true },
        // Made before the project turned SSO on: the platform refuses to make one since.
        setUp: (token) => updateToken(token, { createdInSsoSession: false }),
        read: 403,
        write: 403,
      },
    ],
    [
      'a token made in an SSO session, on a project that uses SSO',
      { world: () => ssoWorld, issue: { isSsoSession: true }, read: 200, write: 201 },
    ],
    [
      'a token of another project than the path names',
      { world: () => world, pathProject: () => ssoWorld.project, read: 403, write: 403 },
    ],
  ];

  function readOnly(scopes: IssueTokenOptions['scopes']): IssueTokenOptions {
    return { scopes, permissionLevel: 'read-only' };
  }

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    context = testContext.context;
    api = createPublicApiClient(testContext.app);
    world = await seedWorld(context);
    // In the same organization, so that naming it in the path is a 403, not a 404.
    ssoWorld = await seedWorld(context, { usesSso: true });
    await context.prisma.project.update({
      where: { id: ssoWorld.project.id },
      data: { organizationId: world.project.organizationId },
    });
    for (const each of [world, ssoWorld]) {
      await seedNote(context, { environment: each.environment, user: each.admin, recordId: 'one' });
    }
  });
  afterAll(() => testContext.close());

  test.each(cases)('%s', async (_name, tokenCase) => {
    const tokenWorld = tokenCase.world();
    const token = await issueToken(context, tokenWorld.project, tokenWorld.admin, tokenCase.issue);
    await tokenCase.setUp?.(token, tokenWorld);
    const pathProject = tokenCase.pathProject?.() ?? tokenWorld.project;

    const listing = await api.get(notesPath(pathProject), token.value);
    const created = await api.post(
      notesPath(pathProject),
      { collectionName: 'orders', recordId: '1', title: 'Checked', content: '<p>A note.</p>' },
      token.value,
    );

    expect([listing.status, created.status]).toEqual([tokenCase.read, tokenCase.write]);
    expect(await pageAllowed(token.value, READ, pathProject)).toBe(tokenCase.read === 200);
    expect(await pageAllowed(token.value, WRITE, pathProject)).toBe(tokenCase.write === 201);
    // grantsScope alone keeps a write scope from a read-only token, whatever `requireWrite` says.
    expect(await pageAllowed(token.value, WRITE_SCOPE_ONLY, pathProject)).toBe(tokenCase.write === 201);
  });
});
