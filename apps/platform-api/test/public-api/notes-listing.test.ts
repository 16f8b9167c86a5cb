import request from 'supertest';
import type { Note, User } from '../../src/generated/prisma/client';
import { seedNote } from '../factories/note-factory';
import { issueToken } from '../factories/token-factory';
import { seedUser } from '../factories/user-factory';
import { seedWorld, type World } from '../factories/world-factory';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';
import { createPublicApiClient, type PublicApiClient } from './helpers/public-api-client';

describeEachDatabase('GET /v1/project/{projectName}/environment/{environmentName}/notes', (kind) => {
  let testContext: TestContext;
  let api: PublicApiClient;
  let world: World;
  let author: User;
  let token: string;
  let notes: { withThread: Note; archived: Note; orphan: Note };

  const notesPath = (query = '', projectName = world.project.name, environmentName = world.environment.name) =>
    `/v1/project/${encodeURIComponent(projectName)}/environment/${encodeURIComponent(environmentName)}/notes${query}`;
  const list = async (query = '') => api.get(notesPath(query), token);
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((note) => note.id);

  beforeAll(async () => {
    testContext = await createTestContext(kind);
    const { context } = testContext;
    api = createPublicApiClient(testContext.app);
    world = await seedWorld(context);
    author = await seedUser(context, { project: world.project, role: 'Editor' });
    token = (
      await issueToken(context, world.project, world.admin, { scopes: ['notes:read'], permissionLevel: 'read-only' })
    ).value;
    notes = {
      withThread: await seedNote(context, {
        environment: world.environment,
        user: world.admin,
        team: world.team,
        collectionName: 'orders',
        recordId: '1',
        title: 'Refund',
        createdAt: '2030-01-01T00:00:00.000Z',
        updatedAt: '2030-01-01T10:00:00.000Z',
        messages: [
          { content: '<p>Refund?</p>', user: world.admin, createdAt: '2030-01-01T00:00:00.000Z' },
          { content: '<p>Done.</p>', user: author, createdAt: '2030-01-01T10:00:00.000Z' },
        ],
      }),
      archived: await seedNote(context, {
        environment: world.environment,
        user: author,
        team: world.otherTeam,
        collectionName: 'customers',
        recordId: '7',
        title: 'Address',
        createdAt: '2030-01-02T00:00:00.000Z',
        updatedAt: '2030-01-05T00:00:00.000Z',
        archivedAt: '2030-01-06T00:00:00.000Z',
      }),
      orphan: await seedNote(context, {
        environment: world.environment,
        user: world.admin,
        team: null,
        collectionName: null,
        recordId: '1',
        title: 'Collection gone',
        createdAt: '2030-01-03T00:00:00.000Z',
      }),
    };
    await seedNote(context, { environment: world.otherEnvironment, user: world.admin, title: 'Elsewhere' });
  });
  afterAll(() => testContext.close());

  describe('the envelope and the note objects', () => {
    test('is JSON with its length; HEAD gets the same headers and no body', async () => {
      const get = await request(testContext.app).get(notesPath()).set('Authorization', `Bearer ${token}`);
      const head = await request(testContext.app).head(notesPath()).set('Authorization', `Bearer ${token}`);

      expect(get.status).toBe(200);
      expect(get.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(get.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
      expect(JSON.parse(get.text).data).toHaveLength(3);
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
      expect(head.text ?? '').toBe('');
    });

    test('writes the envelope, each note and each message with their keys in the order of the spec', async () => {
      const response = await request(testContext.app)
        .get(notesPath(`?userId=${world.admin.id}&limit=1`))
        .set('Authorization', `Bearer ${token}`);
      const archived = await request(testContext.app)
        .get(notesPath(`?id.eq=${notes.archived.id}`))
        .set('Authorization', `Bearer ${token}`);
      const threaded = await request(testContext.app)
        .get(notesPath(`?id.eq=${notes.withThread.id}`))
        .set('Authorization', `Bearer ${token}`);

      expect(Object.keys(JSON.parse(response.text))).toEqual(['parameters', 'data', 'hasMore']);
      expect(Object.keys(JSON.parse(archived.text).data[0])).toEqual([
        'object',
        'id',
        'title',
        'recordId',
        'createdAt',
        'updatedAt',
        'archivedAt',
        'user',
        'environment',
        'team',
        'collection',
        'messages',
      ]);
      const [message] = JSON.parse(threaded.text).data[0].messages;
      expect(Object.keys(message)).toEqual(['object', 'content', 'createdAt', 'user']);
      expect(Object.keys(message.user)).toEqual(['object', 'id', 'username', 'email']);
    });

    test('returns the notes of the environment, most recent id first, with the request scope echoed', async () => {
      const response = await list();

      expect(response.status).toBe(200);
      expect(response.body.hasMore).toBe(false);
      expect(response.body.parameters).toEqual({
        projectName: world.project.name,
        environmentName: 'Production',
        limit: 10,
      });
      expect(idsOf(response.body)).toEqual([notes.orphan.id, notes.archived.id, notes.withThread.id]);
    });

    test('writes every field of a note and of its messages, with their object literals', async () => {
      const response = await list(`?recordId=1&collectionName=orders`);

      expect(response.body.data).toEqual([
        {
          object: 'note',
          id: notes.withThread.id,
          title: 'Refund',
          recordId: '1',
          createdAt: '2030-01-01T00:00:00.000Z',
          updatedAt: '2030-01-01T10:00:00.000Z',
          user: { object: 'user', id: world.admin.id, username: world.admin.username, email: world.admin.email },
          environment: { object: 'environment', name: 'Production' },
          team: { object: 'team', name: 'Operations' },
          collection: { object: 'collection', name: 'orders' },
          messages: [
            {
              object: 'note-message',
              content: '<p>Refund?</p>',
              createdAt: '2030-01-01T00:00:00.000Z',
              user: { object: 'user', id: world.admin.id, username: world.admin.username, email: world.admin.email },
            },
            {
              object: 'note-message',
              content: '<p>Done.</p>',
              createdAt: '2030-01-01T10:00:00.000Z',
              user: { object: 'user', id: author.id, username: author.username, email: author.email },
            },
          ],
        },
      ]);
    });

    test('writes archivedAt only on archived notes', async () => {
      const response = await list();

      const archived = response.body.data.find((note: { id: number }) => note.id === notes.archived.id);
      expect(archived.archivedAt).toBe('2030-01-06T00:00:00.000Z');
      expect(response.body.data.filter((note: object) => 'archivedAt' in note)).toHaveLength(1);
    });

    test('leaves out the collection of a note whose collection was deleted, and the team of a note without one', async () => {
      const response = await list(`?id.eq=${notes.orphan.id}`);

      expect(response.body.data[0]).not.toHaveProperty('collection');
      expect(response.body.data[0]).not.toHaveProperty('team');
      expect(response.body.data[0].messages).toEqual([]);
    });
  });

  describe('limit', () => {
    test.each([
      ['1', 1, true],
      ['2', 2, true],
      ['3', 3, false],
      ['100', 3, false],
    ])('limit=%s returns %i notes (hasMore %s) and echoes the limit', async (limit, count, hasMore) => {
      const response = await list(`?limit=${limit}`);

      expect(response.status).toBe(200);
      expect(response.body.data).toHaveLength(count);
      expect(response.body.hasMore).toBe(hasMore);
      expect(response.body.parameters.limit).toBe(Number(limit));
    });

    test.each(['0', '101', 'abc', '1.5', '-1', '', '1e2', ' 5'])(
      'limit=%p is refused with 400 naming limit',
      async (limit) => {
        const response = await list(`?limit=${encodeURIComponent(limit)}`);

        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('limit') });
        expect(response.body.issues).toEqual([
          { path: 'query.limit', message: 'limit must be an integer from 1 to 100.' },
        ]);
      },
    );
  });

  describe('filters', () => {
    test.each<[string, () => string, () => number[]]>([
      ['userEmail', () => `userEmail=${encodeURIComponent(author.email)}`, () => [notes.archived.id]],
      ['userEmail in another case', () => `userEmail=${author.email.toUpperCase()}`, () => [notes.archived.id]],
      ['userId', () => `userId=${world.admin.id}`, () => [notes.orphan.id, notes.withThread.id]],
      ['teamName', () => 'teamName=Support', () => [notes.archived.id]],
      ['teamName (case sensitive)', () => 'teamName=support', () => []],
      ['collectionName', () => 'collectionName=orders', () => [notes.withThread.id]],
      ['recordId', () => 'recordId=1', () => [notes.orphan.id, notes.withThread.id]],
      ['createdAt.eq', () => 'createdAt.eq=2030-01-02T00:00:00.000Z', () => [notes.archived.id]],
      ['createdAt.lt', () => 'createdAt.lt=2030-01-02T00:00:00.000Z', () => [notes.withThread.id]],
      ['createdAt.lte', () => 'createdAt.lte=2030-01-02T00:00:00.000Z', () => [notes.archived.id, notes.withThread.id]],
      ['createdAt.gt', () => 'createdAt.gt=2030-01-02T00:00:00.000Z', () => [notes.orphan.id]],
      ['createdAt.gte', () => 'createdAt.gte=2030-01-02', () => [notes.orphan.id, notes.archived.id]],
      ['createdAt with an offset', () => 'createdAt.lt=2030-01-02T01:00:00%2B02:00', () => [notes.withThread.id]],
      ['updatedAt.eq', () => 'updatedAt.eq=2030-01-01T10:00:00.000Z', () => [notes.withThread.id]],
      ['updatedAt.lt', () => 'updatedAt.lt=2030-01-03T00:00:00.000Z', () => [notes.withThread.id]],
      ['updatedAt.lte', () => 'updatedAt.lte=2030-01-03T00:00:00.000Z', () => [notes.orphan.id, notes.withThread.id]],
      ['updatedAt.gt', () => 'updatedAt.gt=2030-01-03T00:00:00.000Z', () => [notes.archived.id]],
      ['updatedAt.gte', () => 'updatedAt.gte=2030-01-03T00:00:00.000Z', () => [notes.orphan.id, notes.archived.id]],
      ['archivedAt.eq', () => 'archivedAt.eq=2030-01-06T00:00:00.000Z', () => [notes.archived.id]],
      ['archivedAt.lt', () => 'archivedAt.lt=2030-01-07', () => [notes.archived.id]],
      ['archivedAt.lte', () => 'archivedAt.lte=2030-01-06T00:00:00Z', () => [notes.archived.id]],
      ['archivedAt.gt', () => 'archivedAt.gt=2030-01-06T00:00:00Z', () => []],
      ['archivedAt.gte', () => 'archivedAt.gte=2000-01-01', () => [notes.archived.id]],
      ['id.lt', () => `id.lt=${notes.orphan.id}`, () => [notes.archived.id, notes.withThread.id]],
      ['id.gte', () => `id.gte=${notes.archived.id}`, () => [notes.orphan.id, notes.archived.id]],
    ])('filters by %s', async (_name, query, expected) => {
      const response = await list(`?${query()}`);

      expect(response.status).toBe(200);
      expect(idsOf(response.body)).toEqual(expected());
    });

    test('combines filters with AND', async () => {
      const response = await list(
        `?userId=${world.admin.id}&recordId=1&createdAt.gte=2030-01-01&createdAt.lt=2030-01-03&teamName=Operations&collectionName=orders`,
      );

      expect(idsOf(response.body)).toEqual([notes.withThread.id]);
    });

    test('combines a range with hasMore: two of three notes, one per page', async () => {
      const first = await list('?createdAt.gte=2030-01-02&limit=1');
      const second = await list(`?createdAt.gte=2030-01-02&limit=1&id.lt=${first.body.data[0].id}`);

      expect([first.body.hasMore, second.body.hasMore]).toEqual([true, false]);
      expect([...idsOf(first.body), ...idsOf(second.body)]).toEqual([notes.orphan.id, notes.archived.id]);
    });

    test('returns an empty page when nothing matches', async () => {
      const response = await list('?collectionName=nothing');

      expect(response.body).toMatchObject({ hasMore: false, data: [] });
    });
  });

  describe('bad parameters', () => {
    test.each([
      ['createdAt.lt', 'yesterday'],
      ['createdAt.gt', '2030-02-30'],
      ['createdAt.eq', '2030-01-01T00:00:00'],
      ['updatedAt.lte', '2030-01-01T00:00:00.1234Z'],
      ['updatedAt.gte', '2030-13-01'],
      ['archivedAt.lt', '1700000000'],
      ['archivedAt.eq', '2030-01-01T25:00:00Z'],
    ])('refuses %s=%s with 400 naming the parameter', async (name, value) => {
      const response = await list(`?${name}=${encodeURIComponent(value)}`);

      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
      expect(response.body.issues).toEqual([{ path: `query.${name}`, message: expect.stringContaining('ISO 8601') }]);
    });

    test.each([
      ['userId', 'abc'],
      ['userId', '0'],
      ['id.lt', '-3'],
    ])('refuses %s=%s with 400', async (name, value) => {
      const response = await list(`?${name}=${value}`);

      expect(response.status).toBe(400);
      expect(response.body.issues[0].path).toBe(`query.${name}`);
    });

    test.each(['teamName', 'collectionName', 'recordId', 'userEmail'])(
      'refuses %s holding a NUL character (%%00) with 400 naming it',
      async (name) => {
        const response = await list(`?${name}=a%00`);

        expect(response.status).toBe(400);
        expect(response.body.issues[0]).toEqual({
          path: `query.${name}`,
          message: expect.stringContaining('NUL character'),
        });
      },
    );

    test('refuses an empty text filter', async () => {
      const response = await list('?teamName=');

      expect(response.status).toBe(400);
      expect(response.body.issues[0].path).toBe('query.teamName');
    });

    test('refuses an unknown parameter, such as a nested-looking one', async () => {
      const response = await list('?createdAt[lt]=2030-01-01');

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining('createdAt[lt]'),
      });
    });

    test('refuses a repeated parameter', async () => {
      const response = await list('?limit=1&limit=2');

      expect(response.status).toBe(400);
      expect(response.body.issues).toEqual([
        { path: 'query.limit', message: expect.stringContaining('more than once') },
      ]);
    });
  });

  describe('path names', () => {
    test('answers 404 not_found for an unknown environment', async () => {
      const response = await api.get(notesPath('', world.project.name, 'nope'), token);

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: expect.stringContaining('"nope"') });
    });

    test("never lists another project's environment of the same name", async () => {
      const elsewhere = await seedWorld(testContext.context);
      expect(elsewhere.environment.name).toBe(world.environment.name);
      const foreign = await seedNote(testContext.context, {
        environment: elsewhere.environment,
        user: elsewhere.admin,
        title: 'Other tenant',
      });

      const response = await list('?limit=100');

      expect(response.status).toBe(200);
      expect(idsOf(response.body)).not.toContain(foreign.id);
      expect(response.body.data.map((note: { title: string }) => note.title)).not.toContain('Other tenant');
    });

    test('compares environment names case-sensitively', async () => {
      const response = await api.get(notesPath('', world.project.name, 'production'), token);

      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    });

    test('answers 404 not_found for an unknown project', async () => {
      const response = await api.get(notesPath('', 'no-such-project'), token);

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: expect.any(String) });
    });

    test('compares project names case-sensitively', async () => {
      const response = await api.get(notesPath('', world.project.name.toLowerCase()), token);

      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    });

    test.each([
      ['a project name', (name: string) => `/v1/project/${name}%00/environment/Production/notes`],
      ['an environment name', (name: string) => `/v1/project/${name}/environment/Produc%00tion/notes`],
    ])('refuses %s holding a NUL character (%%00) with 400, rate-limit headers included', async (_what, path) => {
      const response = await api.get(path(world.project.name), token);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'invalid_request',
        message: expect.stringContaining('NUL character'),
        issues: [{ path: 'path', message: expect.any(String) }],
      });
      expect(response.headers['x-ratelimit-remaining']).toMatch(/^[0-9]+$/);
    });

    test('refuses a path that is not valid percent-encoded UTF-8 with 400 invalid_request', async () => {
      const response = await api.get(`/v1/project/${world.project.name}/environment/%E0%A4%A/notes`, token);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'invalid_request', message: expect.stringContaining('percent-encoded') });
      expect(response.headers['x-ratelimit-remaining']).toMatch(/^[0-9]+$/);
    });

    test('answers an unknown /v1 route with 404 in the same shape', async () => {
      const response = await api.get(`/v1/project/${world.project.name}/nothing-here`, token);

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: expect.stringContaining('/v1/openapi.json') });
    });
  });
});
