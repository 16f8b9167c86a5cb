import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAgent } from '@platform/agent';
import {
  type AgentTestClient,
  createAgentTestClient,
  createPlatformServerSandbox,
  ForbiddenError,
  type PlatformServerSandbox,
} from '@platform/agent-testing';
import { createInMemoryDataSource } from '@platform/datasource-toolkit';

const AUTH_SECRET = 'the-auth-secret-of-your-agent-32-characters-or-more';

describe('my agent', () => {
  let sandbox: PlatformServerSandbox;
  let agent: ReturnType<typeof createAgent>;
  let client: AgentTestClient;
  let dir: string;

  beforeAll(async () => {
    // 1. A sandbox of the platform, with one environment whose current user is its Admin.
    sandbox = await createPlatformServerSandbox(0);
    const envSecret = sandbox.addEnvironment();

    // 2. Your agent, pointed at the sandbox (`serverUrl`, or PLATFORM_SERVER_URL=sandbox.url).
    dir = await mkdtemp(path.join(tmpdir(), 'my-agent-'));
    const schemaPath = path.join(dir, '.platform-schema.json');
    agent = createAgent({
      envSecret,
      authSecret: AUTH_SECRET,
      serverUrl: sandbox.url,
      port: 0,
      host: '127.0.0.1',
      schemaPath,
      loggerLevel: 'Warn',
    })
      .addDataSource(async () =>
        createInMemoryDataSource(
          {
            books: {
              fields: {
                id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
                title: { type: 'Column', columnType: 'String' },
                status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'] },
              },
            },
          },
          {
            books: [
              { id: 1, title: 'Dune', status: 'live' },
              { id: 2, title: 'Children of Dune', status: 'draft' },
            ],
          },
        ),
      )
      .customizeCollection('books', (books) =>
        books.addAction('Mark as live', {
          scope: 'Single',
          form: [{ label: 'Reason', type: 'String', isRequired: true }],
          execute: async (context, resultBuilder) => {
            await context.collection.update(context.caller, context.filter, { status: 'live' });
            return resultBuilder.success(`Live: ${context.formValues.Reason}`);
          },
        }),
      );
    await agent.start();

    // 3. The client, acting as the sandbox's current user.
    client = await createAgentTestClient({
      agentPlatformEnvSecret: envSecret,
      agentPlatformAuthSecret: AUTH_SECRET,
      agentUrl: `http://127.0.0.1:${agent.standaloneServerPort}`,
      serverUrl: sandbox.url,
      agentSchemaPath: schemaPath,
    });
  });

  afterAll(async () => {
    await agent.stop();
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('lists the books', async () => {
    const books = await client.collection('books').list({ sort: { field: 'title' } });

    expect(books.map((book) => book.title)).toEqual(['Children of Dune', 'Dune']);
  });

  test('marks a book as live', async () => {
    const action = client.collection('books').action('Mark as live', { recordId: 2 });
    await action.getField('Reason').fill('Proofread');

    expect(await action.execute()).toMatchObject({ success: 'Live: Proofread' });
    expect(await client.collection('books').getOne(2)).toMatchObject({ status: 'live' });
  });

  test('refuses to delete a book when the role may not', async () => {
    await client.overridePermissions({ collections: { books: { delete: false } } });

    await expect(client.collection('books').delete(1)).rejects.toThrow(ForbiddenError);
    expect(await client.collection('books').count()).toBe(2);
  });
});
