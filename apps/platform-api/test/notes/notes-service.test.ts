import type { AppContext } from '../../src/context';
import type { NoteActor, NoteScope } from '../../src/notes/note-record';
import { addNoteMessage, archiveNote, createNote, getNote, readNotePage } from '../../src/notes/notes-service';
import { presentedTokenHash } from '../../src/tokens/token-authenticator';
import { createTestClock } from '../factories/test-clock';
import { issueToken } from '../factories/token-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('notes service', (kind) => {
  const clock = createTestClock('2030-05-01T08:00:00.000Z');
  let testContext: TestContext;
  let context: AppContext;
  let world: World;
  let scope: NoteScope;
  let actor: NoteActor;
  let tokenHash: string;

  /** The ids of a page of the environment's notes, read with an Admin's token; null: no such environment. */
  const listIds = async (environmentName: string) => {
    const { page } = await readNotePage(context, {
      tokenHash,
      rule: { scopes: ['notes:read'] },
      projectName: world.project.name,
      now: context.now(),
      environmentName,
      filters: { limit: 100 },
    });
    return page?.notes?.map((note) => note.id) ?? null;
  };
  const input = {
    collectionName: 'orders',
    recordId: '9',
    title: 'Late delivery',
    content: '<p>Called the carrier.</p>',
  };

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    context = testContext.context;
    world = await seedWorld(context);
    scope = { projectId: world.project.id, environmentId: world.environment.id };
    actor = { userId: world.admin.id, userEmail: world.admin.email };
    tokenHash = presentedTokenHash((await issueToken(context, world.project, world.admin)).value);
  });
  afterAll(() => testContext.close());
  beforeEach(() => clock.set('2030-05-01T08:00:00.000Z'));

  test('creates a note with its first message and returns it with its thread', async () => {
    const note = await createNote(context, scope, actor, { ...input, teamName: 'Support' });

    expect(note).toMatchObject({
      collectionName: 'orders',
      recordId: '9',
      title: 'Late delivery',
      team: { name: 'Support' },
      user: { id: world.admin.id },
      messages: [{ content: '<p>Called the carrier.</p>', user: { id: world.admin.id } }],
    });
  });

  test('keeps notes of other environments out of reach', async () => {
    const note = await createNote(context, scope, actor, input);
    const otherScope = { ...scope, environmentId: world.otherEnvironment.id };

    await expect(getNote(context, otherScope, note.id)).rejects.toMatchObject({ name: 'NotFoundError' });
    const here = await listIds(world.environment.name);
    const there = await listIds(world.otherEnvironment.name);
    expect(here).toContain(note.id);
    expect(there).not.toBeNull();
    expect(there).not.toContain(note.id);
  });

  test('reads no page for an environment the project does not have', async () => {
    expect(await listIds('no such environment')).toBeNull();
  });

  test('keeps every message of concurrent additions and moves updatedAt to the last', async () => {
    const note = await createNote(context, scope, actor, input);
    clock.advance(5000);

    await Promise.all(
      ['one', 'two', 'three'].map((content) => addNoteMessage(context, scope, actor, note.id, { content })),
    );

    const stored = await getNote(context, scope, note.id);
    expect(stored.messages.map((message) => message.content).sort()).toEqual([
      '<p>Called the carrier.</p>',
      'one',
      'three',
      'two',
    ]);
    expect(stored.updatedAt.toISOString()).toBe('2030-05-01T08:00:05.000Z');
  });

  test('archives once when two archive calls race, logging one entry', async () => {
    const note = await createNote(context, scope, actor, input);

    await Promise.all([archiveNote(context, scope, actor, note.id), archiveNote(context, scope, actor, note.id)]);

    const entries = await context.prisma.activityLog.findMany({
      where: { projectId: scope.projectId, action: 'note.archive', details: { path: ['noteId'], equals: note.id } },
    });
    expect(entries).toHaveLength(1);
  });

  test('refuses a message on an archived note with ConflictError', async () => {
    const note = await createNote(context, scope, actor, input);
    await archiveNote(context, scope, actor, note.id);

    await expect(addNoteMessage(context, scope, actor, note.id, { content: 'x' })).rejects.toMatchObject({
      name: 'ConflictError',
    });
  });
});
