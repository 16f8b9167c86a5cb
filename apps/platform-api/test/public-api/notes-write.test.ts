import { revokeToken } from '../../src/tokens/tokens-service';
import { seedNote } from '../factories/note-factory';
import { createTestClock } from '../factories/test-clock';
import { issueToken } from '../factories/token-factory';
import { seedUser } from '../factories/user-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from './helpers/public-api-client';

const FORBIDDEN_READ_ONLY = {
  error: 'Forbidden',
  message: 'Insufficient permissions: this operation needs a read-write token.',
};

describeEachDatabase('the notes write endpoints', (kind) => {
  const clock = createTestClock('2030-03-01T09:00:00.000Z');
  let testContext: TestContext;
  let api: PublicApiClient;
  let world: World;
  let writer: { value: string; id: number };

  const notesPath = (environment = world.environment.name) =>
    `/v1/project/${world.project.name}/environment/${environment}/notes`;
  const create = (body: unknown, token = writer.value) => api.post(notesPath(), body, token);
  const newNote = {
    collectionName: 'orders',
    recordId: '42|7',
    title: 'Refund request',
    content: '<p>Please refund.</p>',
  };
  const activityOf = (noteId: number) =>
    testContext.context.prisma.activityLog.findMany({
      where: { projectId: world.project.id, details: { path: ['noteId'], equals: noteId } },
      orderBy: { id: 'asc' },
    });

  beforeAll(async () => {
    testContext = await createTestContext(kind, { now: clock.now });
    api = createPublicApiClient(testContext.app);
    world = await seedWorld(testContext.context);
    writer = await issueToken(testContext.context, world.project, world.admin, {
      scopes: ['notes:write', 'notes:read'],
      permissionLevel: 'read-write',
    });
  });
  afterAll(() => testContext.close());
  beforeEach(() => clock.set('2030-03-01T09:00:00.000Z'));

  describe('POST .../notes', () => {
    test('creates a note with its first message, attributed to the token user', async () => {
      const response = await create({ ...newNote, teamName: 'Operations' });

      const user = { object: 'user', id: world.admin.id, username: world.admin.username, email: world.admin.email };
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        object: 'note',
        id: expect.any(Number),
        title: 'Refund request',
        recordId: '42|7',
        createdAt: '2030-03-01T09:00:00.000Z',
        updatedAt: '2030-03-01T09:00:00.000Z',
        user,
        environment: { object: 'environment', name: 'Production' },
        team: { object: 'team', name: 'Operations' },
        collection: { object: 'collection', name: 'orders' },
        messages: [
          { object: 'note-message', content: '<p>Please refund.</p>', createdAt: '2030-03-01T09:00:00.000Z', user },
        ],
      });
    });

    test('writes a note.create activity-log entry with the user and the token', async () => {
      const response = await create(newNote);

      const entries = await activityOf(response.body.id);
      expect(entries).toEqual([
        expect.objectContaining({
          environmentId: world.environment.id,
          userId: world.admin.id,
          userEmail: world.admin.email,
          source: 'platform',
          action: 'note.create',
          collectionName: 'orders',
          recordId: '42|7',
          details: { noteId: response.body.id, title: 'Refund request', tokenId: writer.id },
        }),
      ]);
    });

    test('the note.create entry is listed by GET .../activity-logs', async () => {
      const created = await create({ ...newNote, recordId: 'listed-1' });
      const reader = await issueToken(testContext.context, world.project, world.admin, {
        scopes: ['activity_logs:read'],
        permissionLevel: 'read-only',
      });

      const response = await api.get(
        `/v1/project/${world.project.name}/environment/${world.environment.name}/activity-logs?action=note.create&recordId=listed-1`,
        reader.value,
      );

      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([
        expect.objectContaining({
          object: 'activity-log',
          action: 'note.create',
          collection: { object: 'collection', name: 'orders' },
          recordId: 'listed-1',
          user: expect.objectContaining({ id: world.admin.id }),
          details: expect.objectContaining({ noteId: created.body.id }),
        }),
      ]);
    });

    test('creates a note without a team when teamName is omitted', async () => {
      const response = await create(newNote);

      expect(response.status).toBe(201);
      expect(response.body).not.toHaveProperty('team');
    });

    test('refuses an unknown team with 400 listing the teams', async () => {
      const response = await create({ ...newNote, teamName: 'operations' });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining('Operations, Support'),
        issues: [{ path: 'teamName', message: expect.any(String) }],
      });
    });

    test.each([
      ['title', { ...newNote, title: '   ' }],
      ['title', { ...newNote, title: undefined }],
      ['content', { ...newNote, content: '' }],
      ['collectionName', { ...newNote, collectionName: 3 }],
      ['recordId', { ...newNote, recordId: undefined }],
      ['teamName', { ...newNote, teamName: '' }],
      // PostgreSQL cannot store U+0000: refused up front instead of failing in the database.
      ['title', { ...newNote, title: 'Refund\u0000request' }],
      ['content', { ...newNote, content: '<p>\u0000</p>' }],
      ['collectionName', { ...newNote, collectionName: 'orders\u0000' }],
      ['recordId', { ...newNote, recordId: '\u00001' }],
      ['teamName', { ...newNote, teamName: 'Operations\u0000' }],
    ])('refuses a bad %s with 400 naming it', async (field, body) => {
      const response = await create(body);

      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
      expect(response.body.issues.map((issue: { path: string }) => issue.path)).toEqual([`body.${field}`]);
    });

    test('refuses a body that is not JSON with 400 invalid_json, counted by the rate limiter', async () => {
      const response = await create('{"title": ');

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'invalid_json', message: expect.any(String) });
      expect(response.headers['x-ratelimit-limit']).toMatch(/^[0-9]+$/);
      expect(response.headers['x-ratelimit-remaining']).toMatch(/^[0-9]+$/);
      expect(response.headers['x-ratelimit-reset']).toMatch(/^[0-9]+$/);
    });

    test('refuses a body over 1 MB with 413 payload_too_large, counted by the rate limiter', async () => {
      const response = await create({ ...newNote, content: 'x'.repeat(1024 * 1024) });

      expect(response.status).toBe(413);
      expect(response.body).toEqual({ code: 'payload_too_large', message: expect.any(String) });
      expect(response.headers['x-ratelimit-remaining']).toMatch(/^[0-9]+$/);
    });

    test('refuses a missing body with 400', async () => {
      const response = await create(undefined);

      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
    });

    test('answers 404 for an unknown environment', async () => {
      const response = await api.post(notesPath('nope'), newNote, writer.value);

      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    });
  });

  describe('POST .../notes/{noteId}/messages', () => {
    test('adds a message and moves updatedAt, which the listing then shows', async () => {
      const note = (await create(newNote)).body;
      clock.advance(60_000);

      const response = await api.post(`${notesPath()}/${note.id}/messages`, { content: '<p>Done.</p>' }, writer.value);
      const listed = await api.get(`${notesPath()}?id.eq=${note.id}`, writer.value);

      expect(response.status).toBe(201);
      expect(response.body.updatedAt).toBe('2030-03-01T09:01:00.000Z');
      expect(response.body.createdAt).toBe('2030-03-01T09:00:00.000Z');
      expect(response.body.messages.map((message: { content: string }) => message.content)).toEqual([
        '<p>Please refund.</p>',
        '<p>Done.</p>',
      ]);
      expect(listed.body.data[0]).toEqual(response.body);
      expect((await activityOf(note.id)).map((entry) => entry.action)).toEqual(['note.create', 'note.message']);
    });

    test('refuses a message on an archived note with 409 conflict', async () => {
      const note = (await create(newNote)).body;
      await api.post(`${notesPath()}/${note.id}/archive`, undefined, writer.value);

      const response = await api.post(`${notesPath()}/${note.id}/messages`, { content: 'x' }, writer.value);

      expect(response.status).toBe(409);
      expect(response.body).toEqual({ code: 'conflict', message: expect.stringContaining('unarchive') });
    });

    test('answers 404 for a note of another environment', async () => {
      const elsewhere = await seedNote(testContext.context, { environment: world.otherEnvironment, user: world.admin });

      const response = await api.post(`${notesPath()}/${elsewhere.id}/messages`, { content: 'x' }, writer.value);

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: `No note ${elsewhere.id} in this environment.` });
    });

    test.each([
      ['a note id that is not a number', 'abc', { content: 'x' }, 'path.noteId'],
      ['an empty content', '1', { content: '' }, 'body.content'],
      ['a missing content', '1', {}, 'body.content'],
    ])('refuses %s with 400', async (_name, noteId, body, path) => {
      const response = await api.post(`${notesPath()}/${noteId}/messages`, body, writer.value);

      expect(response.status).toBe(400);
      expect(response.body.issues[0].path).toBe(path);
    });
  });

  describe('POST .../notes/{noteId}/archive and /unarchive', () => {
    test('archives, then unarchives, moving updatedAt and logging each change once', async () => {
      const note = (await create(newNote)).body;
      clock.advance(1000);

      const archived = await api.post(`${notesPath()}/${note.id}/archive`, undefined, writer.value);
      clock.advance(1000);
      const again = await api.post(`${notesPath()}/${note.id}/archive`, undefined, writer.value);
      const unarchived = await api.post(`${notesPath()}/${note.id}/unarchive`, undefined, writer.value);

      expect(archived.status).toBe(200);
      expect(archived.body).toMatchObject({
        archivedAt: '2030-03-01T09:00:01.000Z',
        updatedAt: '2030-03-01T09:00:01.000Z',
      });
      expect(again.body.archivedAt).toBe('2030-03-01T09:00:01.000Z');
      expect(unarchived.body).not.toHaveProperty('archivedAt');
      expect(unarchived.body.updatedAt).toBe('2030-03-01T09:00:02.000Z');
      expect((await activityOf(note.id)).map((entry) => entry.action)).toEqual([
        'note.create',
        'note.archive',
        'note.unarchive',
      ]);
    });

    test('unarchiving a note that is not archived changes nothing', async () => {
      const note = (await create(newNote)).body;
      clock.advance(1000);

      const response = await api.post(`${notesPath()}/${note.id}/unarchive`, undefined, writer.value);

      expect(response.status).toBe(200);
      expect(response.body.updatedAt).toBe(note.updatedAt);
    });

    test('answers 404 for an unknown note', async () => {
      const response = await api.post(`${notesPath()}/99999999/archive`, undefined, writer.value);

      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    });
  });

  describe('who may write', () => {
    test.each(['', '/1/messages', '/1/archive', '/1/unarchive'])(
      'a Read-Only token, even with the scope all, gets 403 on POST .../notes%s',
      async (suffix) => {
        const readOnly = await issueToken(testContext.context, world.project, world.admin, {
          scopes: ['all'],
          permissionLevel: 'read-only',
        });

        const response = await api.post(`${notesPath()}${suffix}`, { ...newNote }, readOnly.value);

        expect(response.status).toBe(403);
        expect(response.body).toEqual(FORBIDDEN_READ_ONLY);
      },
    );

    test('a Read-Write token without notes:write gets 403', async () => {
      const reader = await issueToken(testContext.context, world.project, world.admin, {
        scopes: ['notes:read', 'admin_logs:read'],
        permissionLevel: 'read-write',
      });

      const response = await create(newNote, reader.value);

      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: 'Forbidden',
        message: 'Insufficient permissions: the token needs the scope notes:write.',
      });
    });

    const ALL_WRITES = [
      ['', newNote],
      ['/1/messages', { content: '<p>Done.</p>' }],
      ['/1/archive', undefined],
      ['/1/unarchive', undefined],
    ] as const;

    test.each(ALL_WRITES)('no token gets 401 on POST .../notes%s', async (suffix, body) => {
      const response = await api.post(`${notesPath()}${suffix}`, body);

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', message: 'Invalid or missing application token.' });
    });

    test.each(ALL_WRITES)('a revoked token gets 401 on POST .../notes%s', async (suffix, body) => {
      const revoked = await issueToken(testContext.context, world.project, world.admin, { scopes: ['notes:write'] });
      await revokeToken(testContext.context, revoked.id, null);

      const response = await api.post(`${notesPath()}${suffix}`, body, revoked.value);

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', message: 'Invalid or missing application token.' });
    });

    test.each(ALL_WRITES)('an expired token gets 401 on POST .../notes%s', async (suffix, body) => {
      const expiring = await issueToken(testContext.context, world.project, world.admin, {
        scopes: ['notes:write'],
        expiresAt: '2030-03-01T10:00:00.000Z',
      });
      clock.set('2030-03-01T10:00:00.000Z');

      const response = await api.post(`${notesPath()}${suffix}`, body, expiring.value);

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized', message: 'The application token has expired.' });
    });

    test.each(ALL_WRITES)("a Developer's Read-Write token gets 403 on POST .../notes%s", async (suffix, body) => {
      const developer = await seedUser(testContext.context, { project: world.project, role: 'Developer' });
      const token = await issueToken(testContext.context, world.project, developer, { scopes: ['notes:write'] });

      const response = await api.post(`${notesPath()}${suffix}`, body, token.value);

      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: 'Forbidden',
        message: "Insufficient permissions: the token's user must have the Admin role on the project.",
      });
    });

    test.each(ALL_WRITES)(
      'on a project that uses SSO, a token created outside an SSO session gets 403 on POST .../notes%s',
      async (suffix, body) => {
        const ssoWorld = await seedWorld(testContext.context);
        // Created before the project switched to SSO: the only way to hold such a token.
        const token = await issueToken(testContext.context, ssoWorld.project, ssoWorld.admin, { scopes: ['all'] });
        await testContext.context.prisma.project.update({
          where: { id: ssoWorld.project.id },
          data: { usesSso: true },
        });
        const path = `/v1/project/${ssoWorld.project.name}/environment/${ssoWorld.environment.name}/notes${suffix}`;

        const response = await api.post(path, body, token.value);

        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          error: 'Forbidden',
          message: 'Insufficient permissions: the project uses SSO and the token was not created in an SSO session.',
        });
      },
    );

    test('a token created in an SSO session may write on a project that uses SSO', async () => {
      const ssoWorld = await seedWorld(testContext.context, { usesSso: true });
      const token = await issueToken(testContext.context, ssoWorld.project, ssoWorld.admin, {
        scopes: ['notes:write'],
        isSsoSession: true,
      });
      const path = `/v1/project/${ssoWorld.project.name}/environment/${ssoWorld.environment.name}/notes`;

      const response = await api.post(path, newNote, token.value);

      expect(response.status).toBe(201);
    });

    test('a Read-Write token with the scope all may write', async () => {
      const all = await issueToken(testContext.context, world.project, world.admin, { scopes: ['all'] });

      const response = await create(newNote, all.value);

      expect(response.status).toBe(201);
    });
  });
});
