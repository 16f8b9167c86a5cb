import type { AppContext } from '../../src/context';
import { queryRows } from '../../src/db/query-rows';
import { notePageRowsSchema, notePageStatement } from '../../src/notes/note-page-statement';
import { seedNote } from '../factories/note-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('notePageStatement', (kind) => {
  let testContext: TestContext;
  let context: AppContext;
  let world: World;

  const readPage = async (environmentName: string, filters: Parameters<typeof notePageStatement>[2]) =>
    notePageRowsSchema.parse(await queryRows(context, notePageStatement(world.project.id, environmentName, filters)));

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    context = testContext.context;
    world = await seedWorld(context);
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
      archivedAt: at,
      messages: [{ content: 'first', user: world.admin, createdAt: at }],
    });

    const [row] = await readPage(world.environment.name, { limit: 1, recordId: at });

    expect(row?.notes).toHaveLength(1);
    expect(row?.notes[0]).toMatchObject({ id: note.id, createdAt: new Date(at), archivedAt: new Date(at) });
    expect(row?.notes[0]?.messages[0]?.createdAt).toEqual(new Date(at));
  });

  test('reads the note with its creator, team and thread, messages oldest first', async () => {
    const note = await seedNote(context, {
      environment: world.environment,
      user: world.admin,
      team: world.team,
      recordId: 'threaded',
      messages: [
        { content: 'one', user: world.admin, createdAt: '2031-02-01T00:00:00.000Z' },
        { content: 'two', user: world.admin, createdAt: '2031-02-02T00:00:00.000Z' },
      ],
    });

    const [row] = await readPage(world.environment.name, { limit: 10, recordId: 'threaded' });

    expect(row?.notes).toEqual([
      expect.objectContaining({
        id: note.id,
        environmentId: world.environment.id,
        teamId: world.team.id,
        archivedAt: null,
        user: { id: world.admin.id, username: world.admin.username, email: world.admin.email },
        team: { name: world.team.name },
        messages: [
          expect.objectContaining({ content: 'one', user: expect.objectContaining({ id: world.admin.id }) }),
          expect.objectContaining({ content: 'two' }),
        ],
      }),
    ]);
  });

  test('returns limit + 1 notes by id descending, the extra one telling that more match', async () => {
    const seeded = [];
    for (const title of ['a', 'b', 'c']) {
      seeded.push(
        await seedNote(context, { environment: world.environment, user: world.admin, recordId: 'three', title }),
      );
    }

    const [row] = await readPage(world.environment.name, { limit: 1, recordId: 'three' });

    expect(row?.notes.map((note) => note.id)).toEqual([seeded[2]?.id, seeded[1]?.id]);
  });

  test('returns no row for an environment the project does not have, and no notes for one where none match', async () => {
    const rows = await readPage(world.environment.name, { limit: 10 });
    expect(rows[0]?.notes.length).toBeGreaterThan(0);

    expect(await readPage('no such environment', { limit: 10 })).toEqual([]);
    expect(await readPage(world.environment.name, { limit: 10, recordId: 'no such record' })).toEqual([{ notes: [] }]);
  });
});

describe('notePageRowsSchema', () => {
  const note = {
    id: 1,
    environmentId: 2,
    collectionName: null,
    recordId: '9',
    title: 'A note',
    userId: 3,
    teamId: null,
    createdAt: '2030-01-01T05:30:00.25+05:30',
    updatedAt: '2030-01-01T00:00:00+00:00',
    archivedAt: null,
    user: { id: 3, username: 'ada', email: 'ada@example.com' },
    team: null,
    messages: [],
  };

  test('reads a timestamp in any offset as the instant it names', () => {
    const [row] = notePageRowsSchema.parse([{ notes: [note] }]);

    expect(row?.notes[0]?.createdAt.toISOString()).toBe('2030-01-01T00:00:00.250Z');
  });

  test.each([
    ['an id that is not an integer', { ...note, id: '1' }],
    ['a timestamp without its offset', { ...note, updatedAt: '2030-01-01T00:00:00' }],
    ['a missing creator', { ...note, user: null }],
  ])('refuses %s', (_case, row) => {
    expect(() => notePageRowsSchema.parse([{ notes: [row] }])).toThrow();
  });

  test('refuses more than one row (one environment per statement)', () => {
    expect(() => notePageRowsSchema.parse([{ notes: [] }, { notes: [] }])).toThrow();
  });
});
