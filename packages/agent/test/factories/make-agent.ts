import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPlatformServerSandbox, type PlatformServerSandbox } from '@platform/agent-testing';
import type { Logger } from '@platform/datasource-toolkit';
import { type AgentOptions, createAgent } from '../../src';
import { AUTH_SECRET, ENV_SECRET } from './tokens';

/** A temporary folder for schema and typings files, removed by `cleanUp`. */
export async function makeWorkDir(): Promise<{ dir: string; cleanUp: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-test-'));
  return { dir, cleanUp: () => rm(dir, { recursive: true, force: true }) };
}

/** An offline agent on a free port, writing its schema in `dir`, logging into a jest mock. */
export function makeAgent(dir: string, overrides: Partial<AgentOptions> = {}) {
  const logger = jest.fn<void, Parameters<Logger>>();
  const agent = createAgent({
    authSecret: AUTH_SECRET,
    envSecret: ENV_SECRET,
    port: 0,
    schemaPath: path.join(dir, '.platform-schema.json'),
    logger,
    loggerLevel: 'Debug',
    offline: true,
    ...overrides,
  });

  return { agent, logger };
}

/**
 * A platform sandbox for agents that must connect (production agents cannot be offline): call
 * in a describe block; `connected()` gives the options that point an agent at it.
 */
export function useSandboxPlatform(): { connected: () => Partial<AgentOptions>; sandbox: () => PlatformServerSandbox } {
  let sandbox: PlatformServerSandbox | undefined;
  let envSecret = '';
  beforeAll(async () => {
    sandbox = await createPlatformServerSandbox(0);
    envSecret = sandbox.addEnvironment();
  });
  afterAll(() => sandbox?.close());
  const get = (): PlatformServerSandbox => {
    if (sandbox === undefined) throw new Error('useSandboxPlatform: the sandbox starts in beforeAll.');
    return sandbox;
  };

  return { sandbox: get, connected: () => ({ offline: false, serverUrl: get().url, envSecret }) };
}
