import type { AppContext } from '../../src/context';
import { readNotePage } from '../../src/notes/note-page';
import { seedNote } from '../factories/note-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('readNotePage', (kind) => {
  let testContext: TestContext;
  let context: AppContext;
  let world: World;

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
  ])('reads timestamps with %s as toISOString text', async (_case, at) => {
    const note = await seedNote(context, {
      environment: world.environment,
      user: world.admin,
      recordId: at,
      createdAt: at,
      archivedAt: at,
      messages: [{ content: 'first', user: world.admin, createdAt: at }],
    });

    const page = await readNotePage(context, { environmentId: world.environment.id }, { limit: 1, recordId: at });

    expect(page?.notes).toHaveLength(1);
    expect(page?.notes[0]).toMatchObject({ id: note.id, createdAt: at, updatedAt: at, archivedAt: at });
    expect(page?.notes[0]?.messages[0]?.createdAt).toBe(at);
  });

  test('reads a note that is not archived with a null archivedAt', async () => {
    await seedNote(context, { environment: world.environment, user: world.admin, recordId: 'live' });

    const page = await readNotePage(context, { environmentId: world.environment.id }, { limit: 10, recordId: 'live' });

    expect(page?.notes[0]?.archivedAt).toBeNull();
  });

  test('returns null for an environment that does not exist, and an empty page for one without notes', async () => {
    expect(await readNotePage(context, { environmentId: 987_654 }, { limit: 10 })).toBeNull();
    expect(
      await readNotePage(context, { environmentId: world.environment.id }, { limit: 10, recordId: 'no such record' }),
    ).toEqual({ notes: [], hasMore: false });
  });
});
