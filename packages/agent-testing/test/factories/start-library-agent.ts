import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AgentOptions, createAgent } from '@platform/agent';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import {
  type AgentTestClientOptions,
  createPlatformServerSandbox,
  type PlatformServerSandbox,
  type SandboxEnvironment,
} from '../../src';

export const AUTH_SECRET = 'a-test-auth-secret-of-at-least-32-characters';

export interface LibraryAgent {
  readonly sandbox: PlatformServerSandbox;
  readonly env: SandboxEnvironment;
  readonly agent: ReturnType<typeof createAgent>;
  /** The options a client of this agent takes. */
  readonly clientOptions: AgentTestClientOptions;
  close(): Promise<void>;
}

/**
 * A real agent over the toolkit's in-memory library (books, authors, reviews, tags...), connected
 * to a fresh sandbox, with a segment, three actions and two charts on top. The sandbox's current
 * user is its Admin.
 */
export async function startLibraryAgent(overrides: Partial<AgentOptions> = {}): Promise<LibraryAgent> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-testing-client-'));
  const sandbox = await createPlatformServerSandbox(0);
  const envSecret = sandbox.addEnvironment();
  const schemaPath = path.join(dir, '.platform-schema.json');
  const agent = createAgent({
    envSecret,
    authSecret: AUTH_SECRET,
    serverUrl: sandbox.url,
    port: 0,
    host: '127.0.0.1',
    schemaPath,
    logger: silentLogger,
    ...overrides,
  })
    .addDataSource(async () => makeLibraryDataSource())
    .customizeCollection('books', (books) =>
      books
        .addSegment('Expensive', { field: 'price', operator: 'GreaterThan', value: 9 })
        .addAction('Mark as live', {
          scope: 'Single',
          form: [
            { label: 'Reason', type: 'String', isRequired: true },
            { label: 'Notify', type: 'Boolean', defaultValue: false },
            // Shown only once Notify is checked: a dynamic form.
            {
              label: 'Channel',
              type: 'Enum',
              enumValues: ['email', 'sms'],
              if: (context) => context.formValues.Notify === true,
            },
          ],
          execute: async (context, resultBuilder) => {
            await context.collection.update(context.caller, context.filter, { status: 'live' });
            const channel = context.formValues.Channel === undefined ? '' : ` by ${context.formValues.Channel}`;

            return resultBuilder.success(`Live: ${context.formValues.Reason}${channel}`);
          },
        })
        .addAction('Reject', {
          scope: 'Bulk',
          execute: (_context, resultBuilder) => resultBuilder.error('Not allowed'),
        })
        .addAction('Download', {
          scope: 'Global',
          generateFile: true,
          execute: (_context, resultBuilder) => resultBuilder.file('id,title\n1,Dune\n', 'books.csv', 'text/csv'),
        })
        .addChart('Price', async (context, resultBuilder) => {
          const book = await context.getRecord(['price']);

          return resultBuilder.value(Number(book.price));
        }),
    )
    .addChart('Books', (_context, resultBuilder) => resultBuilder.value(3));
  await agent.start();

  return {
    sandbox,
    env: sandbox.environment(envSecret),
    agent,
    clientOptions: {
      agentPlatformEnvSecret: envSecret,
      agentPlatformAuthSecret: AUTH_SECRET,
      agentUrl: `http://127.0.0.1:${agent.standaloneServerPort}`,
      serverUrl: sandbox.url,
      agentSchemaPath: schemaPath,
    },
    async close() {
      await agent.stop();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
