import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AgentTestClient,
  createAgentTestClient,
  createPlatformServerSandbox,
  type PlatformServerSandbox,
} from '@platform/agent-testing';
import { type RunningExample, startExample } from '../../src/start-example';
import { openSampleQueries, type SampleQueries } from './sample-queries';
import { AUTH_SECRET } from './tokens';

/** The example agent connected to a sandbox of the platform, with a client acting as its Admin. */
export interface ConnectedExample {
  readonly sandbox: PlatformServerSandbox;
  readonly envSecret: string;
  readonly example: RunningExample;
  readonly client: AgentTestClient;
  /** Reads the sample database directly, to compare what the agent answers with the rows. */
  readonly db: SampleQueries;
  close(): Promise<void>;
}

/** Starts a sandbox and the example agent on a fresh sample in a temporary folder. */
export async function startConnectedExample(): Promise<ConnectedExample> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-example-'));
  const sandbox = await createPlatformServerSandbox(0);
  const envSecret = sandbox.addEnvironment();
  const example = await startExample({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    authSecret: AUTH_SECRET,
    envSecret,
    serverUrl: sandbox.url,
    logger: () => undefined,
  });
  const client = await createAgentTestClient({
    agentPlatformEnvSecret: envSecret,
    agentPlatformAuthSecret: AUTH_SECRET,
    agentUrl: example.url.replace(/\/platform$/, ''),
    serverUrl: sandbox.url,
    agentSchemaPath: path.join(dataDir, '.platform-schema.json'),
  });
  const db = openSampleQueries(example.sample.file);

  return {
    sandbox,
    envSecret,
    example,
    client,
    db,
    close: async () => {
      db.close();
      await example.stop();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
