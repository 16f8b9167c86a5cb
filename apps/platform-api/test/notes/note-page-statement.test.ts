import type { AppContext } from '../../src/context';
import type { NoteFilters } from '../../src/notes/note-filters';
import { readNotePage } from '../../src/notes/notes-service';
import { presentedTokenHash } from '../../src/tokens/token-authenticator';
import { seedNote } from '../factories/note-factory';
import { issueToken } from '../factories/token-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('notePageStatement', (kind) => {
  let testContext: TestContext;
  let context: AppContext;
  let world: World;
  let tokenHash: string;

  const readPage = async (environmentName: string, filters: NoteFilters, projectName = world.project.name) => {
    const { page } = await readNotePage(context, {
      tokenHash,
      rule: { scopes: ['notes:read'] },
      projectName,
      now: context.now(),
      environmentName,
      filters,
    });
    return page;
  };

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    context = testContext.context;
    world = await seedWorld(context);
    tokenHash = presentedTokenHash((await issueToken(context, world.project, world.admin)).value);
  });
  afterAll(() => testContext.close());

  test.each([
    ['whole seconds', '2031-01-31T12:00:00.000Z'],
    ['tenths', '2031-01-31T12:00:01.500Z'],
    ['hundredths', '2031-01-31T12:00:02.120Z'],
    ['milliseconds', '2031-01-31T12:00:03.123Z'],
    ['the last millisecond of a year', '2031-12-31T23:59:59.999Z'],
  ])('reads timestamps with %s to the millisecond', async (_case, at) => {
    const note = await seedNote(context, {
      environment: world.environment,
      user: world.admin,
      recordId: at,
      createdAt: at,
      updatedAt: at,
      archivedAt: at,
      messages: [{ content: 'first', user: world.admin, createdAt: at }],
    });

    const page = await readPage(world.environment.name, { limit: 1, recordId: at });

    expect(page?.notes).toEqual([
      expect.objectContaining({
        id: note.id,
        createdAt: new Date(at),
        updatedAt: new Date(at),
        archivedAt: new Date(at),
        messages: [expect.objectContaining({ createdAt: new Date(at) })],
      }),
    ]);
  });

  test('reads the note with its creator, team and thread, messages oldest first', async () => {
    const note = await seedNote(context, {
      environment: world.environment,
      user: world.admin,
      team: world.team,
      collectionName: 'orders',
      recordId: 'threaded',
      title: 'Refund',
      createdAt: '2031-02-01T00:00:00.000Z',
      updatedAt: '2031-02-02T00:00:00.000Z',
      messages: [
        { content: 'one', user: world.admin, createdAt: '2031-02-01T00:00:00.000Z' },
        { content: 'two', user: world.admin, createdAt: '2031-02-02T00:00:00.000Z' },
      ],
    });
    const admin = { id: world.admin.id, username: world.admin.username, email: world.admin.email };

    const page = await readPage(world.environment.name, { limit: 10, recordId: 'threaded' });

    expect(page?.notes).toStrictEqual([
      {
        id: note.id,
        collectionName: 'orders',
        recordId: 'threaded',
        title: 'Refund',
        createdAt: new Date('2031-02-01T00:00:00.000Z'),
        updatedAt: new Date('2031-02-02T00:00:00.000Z'),
        archivedAt: null,
        user: admin,
        team: { name: world.team.name },
        messages: [
          { content: 'one', createdAt: new Date('2031-02-01T00:00:00.000Z'), user: admin },
          { content: 'two', createdAt: new Date('2031-02-02T00:00:00.000Z'), user: admin },
        ],
      },
    ]);
  });

  test('reads null for a team and a collection that the note does not have', async () => {
    await seedNote(context, {
      environment: world.environment,
      user: world.admin,
      recordId: 'bare',
      collectionName: null,
    });

    const page = await readPage(world.environment.name, { limit: 10, recordId: 'bare' });

    expect(page?.notes).toEqual([expect.objectContaining({ team: null, collectionName: null, archivedAt: null })]);
  });

  test('returns limit + 1 notes by id descending, the extra one telling that more match', async () => {
    const seeded = [];
    for (const title of ['a', 'b', 'c']) {
      seeded.push(
        await seedNote(context, { environment: world.environment, user: world.admin, recordId: 'three', title }),
      );
    }

    const page = await readPage(world.environment.name, { limit: 1, recordId: 'three' });

    expect(page?.notes?.map((note) => note.id)).toEqual([seeded[2]?.id, seeded[1]?.id]);
  });

  test('reads null for an environment the project does not have, and no notes for one where none match', async () => {
    const all = await readPage(world.environment.name, { limit: 10 });
    expect(all?.notes?.length).toBeGreaterThan(0);

    expect(await readPage('no such environment', { limit: 10 })).toEqual({ pageAllowed: true, notes: null });
    expect(await readPage(world.environment.name, { limit: 10, recordId: 'no such record' })).toEqual({
      pageAllowed: true,
      notes: [],
    });
  });

  test("never reads another project's environment of the same name", async () => {
    const other = await seedWorld(context);
    await seedNote(context, { environment: other.environment, user: other.admin, recordId: 'elsewhere' });
    expect(other.environment.name).toBe(world.environment.name);

    const mine = await readPage(world.environment.name, { limit: 10, recordId: 'elsewhere' });
    const theirs = await readPage(world.environment.name, { limit: 10, recordId: 'elsewhere' }, other.project.name);

    expect(mine).toEqual({ pageAllowed: true, notes: [] });
    expect(theirs).toEqual({ pageAllowed: false, notes: null });
  });

  test('reads no row at all for a hash no token has', async () => {
    const read = await readNotePage(context, {
      tokenHash: 'f'.repeat(64),
      rule: { scopes: ['notes:read'] },
      projectName: world.project.name,
      now: context.now(),
      environmentName: world.environment.name,
      filters: { limit: 10 },
    });

    expect(read).toEqual({ tokenRow: undefined, page: undefined });
  });
});
