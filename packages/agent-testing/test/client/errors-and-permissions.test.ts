import {
  type AgentTestClient,
  createAgentTestClient,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../src';
import { type LibraryAgent, startLibraryAgent } from '../factories/start-library-agent';

describe('createAgentTestClient: errors and permissions', () => {
  let library: LibraryAgent;
  let client: AgentTestClient;

  beforeEach(async () => {
    library = await startLibraryAgent();
    client = await createAgentTestClient(library.clientOptions);
  });
  afterEach(() => library.close());

  describe('typed errors', () => {
    test('a wrong auth secret is an UnauthorizedError naming the collection', async () => {
      const wrong = await createAgentTestClient({
        ...library.clientOptions,
        agentPlatformAuthSecret: 'another-secret',
      });

      const failure = wrong.collection('books').list();

      await expect(failure).rejects.toThrow(UnauthorizedError);
      await expect(failure).rejects.toMatchObject({
        status: 401,
        collection: 'books',
        agentErrorName: 'InvalidTokenError',
      });
      await expect(failure).rejects.toThrow("Collection 'books': GET /books answered 401");
    });

    test('a wrong environment secret is an UnauthorizedError naming the collection', async () => {
      const wrong = await createAgentTestClient({ ...library.clientOptions, agentPlatformEnvSecret: 'f'.repeat(64) });

      const failure = wrong.collection('books').count();

      await expect(failure).rejects.toThrow(UnauthorizedError);
      await expect(failure).rejects.toMatchObject({ status: 401, collection: 'books', agentErrorName: 'unauthorized' });
    });

    test('an unknown collection is a NotFoundError naming it', async () => {
      const failure = client.collection('novels').list();

      await expect(failure).rejects.toThrow(NotFoundError);
      await expect(failure).rejects.toMatchObject({ status: 404, collection: 'novels' });
    });

    test('an unknown field is a ValidationError naming the collection and the field', async () => {
      const failure = client.collection('books').list({ filters: { field: 'pages', operator: 'Equal', value: 1 } });

      await expect(failure).rejects.toThrow(ValidationError);
      await expect(failure).rejects.toMatchObject({
        status: 400,
        collection: 'books',
        message: expect.stringContaining('pages'),
      });
    });

    test('an unknown field of a projection is a ValidationError', async () => {
      const failure = client.collection('books').list({ fields: ['title', 'pages'] });

      await expect(failure).rejects.toMatchObject({ name: 'ValidationError', status: 400, collection: 'books' });
    });

    test('an unknown action is a NotFoundError listing the actions of the schema file', () => {
      expect(() => client.collection('books').action('Publish')).toThrow(NotFoundError);
      expect(() => client.collection('books').action('Publish')).toThrow(
        "actions: 'Download', 'Mark as live', 'Reject'",
      );
    });

    test('a missing record is a NotFoundError', async () => {
      await expect(client.collection('books').getOne(99)).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    });
  });

  describe('overridePermissions', () => {
    test('denies one right of the current role and keeps the others', async () => {
      expect(await client.collection('books').list()).toHaveLength(3);

      await client.overridePermissions({ collections: { books: { browse: false } } });

      const failure = client.collection('books').list();
      await expect(failure).rejects.toThrow(ForbiddenError);
      await expect(failure).rejects.toMatchObject({ status: 403, collection: 'books' });
      expect(await client.collection('books').getOne(1)).toMatchObject({ title: 'Dune' });
      expect(await client.collection('reviews').list()).toHaveLength(3);
    });

    test('denies one action and keeps the others', async () => {
      await client.overridePermissions({ collections: { books: { actions: { Reject: false } } } });

      await expect(
        client
          .collection('books')
          .action('Reject', { recordIds: [1] })
          .execute(),
      ).rejects.toThrow(ForbiddenError);
      expect(await client.collection('books').action('Download').execute()).toHaveProperty('file');
    });

    test('denies charts', async () => {
      expect(await client.chart('Books')).toHaveProperty('value');

      await client.overridePermissions({ charts: false });

      await expect(client.chart('Books')).rejects.toMatchObject({ name: 'ForbiddenError', status: 403 });
    });

    test('resolves once the connected agent fetched the new permissions', async () => {
      await client.collection('books').count();
      const fetches = library.env.requestCounts.permissions ?? 0;
      expect(library.env.connectedAgents).toBe(1);

      await client.overridePermissions({ collections: { books: { export: false } } });

      expect(library.env.requestCounts.permissions).toBe(fetches + 1);
    });

    test('grants a right back', async () => {
      await client.overridePermissions({ collections: { books: { browse: false } } });
      await expect(client.collection('books').count()).rejects.toThrow(ForbiddenError);

      await client.overridePermissions({ collections: { books: { browse: true } } });

      expect(await client.collection('books').count()).toBe(3);
    });
  });

  describe('setCurrentUser', () => {
    test('runs the next calls as another user of the sandbox', async () => {
      expect(await client.collection('reviews').list()).toHaveLength(3);
      const editor = library.env.addUser({ email: 'eve@example.com', role: 'Editor' });
      library.env.grant('Editor', 'books', 'browse');

      await client.setCurrentUser(editor.id);

      expect(await client.collection('books').list()).toHaveLength(3);
      await expect(client.collection('reviews').list()).rejects.toMatchObject({
        name: 'ForbiddenError',
        collection: 'reviews',
      });
    });

    test('resolves once the connected agent fetched the users again', async () => {
      await client.collection('books').count();
      const fetches = library.env.requestCounts.users ?? 0;
      const editor = library.env.addUser({ role: 'Editor' });

      await client.setCurrentUser(editor.id);

      expect(library.env.requestCounts.users).toBeGreaterThan(fetches);
    });

    test('an unknown user is a NotFoundError', async () => {
      await expect(client.setCurrentUser(42)).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    });
  });

  describe('options', () => {
    test('refuses invalid options, naming them', async () => {
      await expect(createAgentTestClient({ ...library.clientOptions, agentUrl: 'not a url' })).rejects.toThrow(
        'Invalid createAgentTestClient options: agentUrl',
      );
    });

    test('refuses a missing schema file, naming its path', async () => {
      await expect(
        createAgentTestClient({ ...library.clientOptions, agentSchemaPath: '/nonexistent/.platform-schema.json' }),
      ).rejects.toThrow('Cannot read the agent schema file at /nonexistent/.platform-schema.json');
    });
  });
});
