import { SECRET_HEADER } from '@platform/platform-contract';
import pino from 'pino';
import { loadConfig } from '../../../src/config/config';
import type { AppContext } from '../../../src/context';
import { createPostgresPrismaClient } from '../../../src/db/create-prisma-client';
import { type PlatformServer, startServer } from '../../../src/server';
import { type AgentWorld, seedAgentWorld } from '../../factories/agent-factory';
import { seedNote } from '../../factories/note-factory';
import { issueToken } from '../../factories/token-factory';
import { seedWorkflow } from '../../factories/workflow-factory';
import { type CapturedLogger, captureLogger } from './capture-logger';
import type { LoadCall } from './load';

/**
 * The environment of every platform-api a fault test starts, in-process or as a child process:
 * short leases and polls so that recovery shows within seconds, no rate limit in the way of the load.
 */
export const FAULT_TEST_ENV: Readonly<Record<string, string>> = {
  HOST: '127.0.0.1',
  PORT: '0',
  PLATFORM_MIGRATE_ON_START: 'false',
  PLATFORM_WORKER_POLL_INTERVAL_MS: '500',
  PLATFORM_WORKFLOW_LEASE_MS: '3000',
  PLATFORM_WORKFLOW_STEP_RETRIES: '1',
  PLATFORM_WORKFLOW_STEP_TIMEOUT_MS: '2000',
  PLATFORM_SHUTDOWN_TIMEOUT_MS: '5000',
  PLATFORM_AGENT_ROUTE_PREFIX: '/platform',
  PLATFORM_PUBLIC_API_RATE_LIMIT: '1000000',
};

export interface FaultPlatform {
  readonly server: PlatformServer;
  readonly logs: CapturedLogger;
  close(): Promise<void>;
}

/** `startServer` (HTTP, workflow worker, agent events) on `databaseUrl`, its log lines captured. */
export async function startFaultPlatform(
  databaseUrl: string,
  env: Readonly<Record<string, string>> = {},
): Promise<FaultPlatform> {
  const logs = captureLogger('info');
  const config = loadConfig({ ...FAULT_TEST_ENV, ...env, DATABASE_URL: databaseUrl });
  const server = await startServer(config, { logger: logs.logger, handleSignals: false });
  return { server, logs, close: () => server.close() };
}

/** A context on `databaseUrl` for seeding from the test process (the server may be a child process). */
export function openSeedingContext(databaseUrl: string): AppContext {
  return {
    prisma: createPostgresPrismaClient(databaseUrl),
    config: loadConfig({ ...FAULT_TEST_ENV, DATABASE_URL: databaseUrl }),
    logger: pino({ level: 'silent' }),
    now: () => new Date(),
  };
}

/** What the fault tests call: an agent world, a note, tokens and a workflow whose webhook is enabled. */
export interface FaultWorld {
  readonly world: AgentWorld;
  readonly workflowId: number;
  /** An Admin's token, for the public API's notes listing. */
  readonly adminToken: string;
  /** A read-write token of the team member, for the webhook. */
  readonly memberToken: string;
  readonly webhookPath: string;
}

/**
 * Seeds the world; runs of its workflow make one `update` call to the agent at `agentUrl` (see
 * stand-in-agent.ts), on the record the webhook call names.
 */
export async function seedFaultWorld(context: AppContext, agentUrl: string): Promise<FaultWorld> {
  const world = await seedAgentWorld(context, { agentUrl });
  await seedNote(context, { environment: world.environment, user: world.member });
  const { workflow, path } = await seedWorkflow(context, {
    environment: world.environment,
    team: world.team,
    collection: 'orders',
    steps: [{ kind: 'update', values: { status: 'done' } }],
    trigger: { rateLimitPerMinute: 10_000 },
  });
  return {
    world,
    workflowId: workflow.id,
    adminToken: (await issueToken(context, world.project, world.admin)).value,
    memberToken: (await issueToken(context, world.project, world.member)).value,
    webhookPath: path,
  };
}

/** The record id the webhook call of load sequence `sequence` names. */
export const recordIdOf = (sequence: number) => `order-${sequence}`;

/**
 * The three kinds of traffic of the fault tests, against the server at `baseUrl`: the public API's
 * notes listing, an agent-facing route, and the webhook (each call on a record of its own).
 */
export function faultCalls(baseUrl: () => string, seeded: FaultWorld) {
  const { world } = seeded;
  const notesPath = `/v1/project/${world.project.name}/environment/${world.environment.name}/notes`;
  const listNotes: LoadCall = {
    name: 'notes',
    send: () => fetch(`${baseUrl()}${notesPath}`, { headers: { authorization: `Bearer ${seeded.adminToken}` } }),
  };
  const agentUsers: LoadCall = {
    name: 'agent-users',
    send: () => fetch(`${baseUrl()}/agent/v1/users`, { headers: { [SECRET_HEADER]: world.envSecret } }),
  };
  const trigger: LoadCall = {
    name: 'webhook',
    send: (sequence) =>
      fetch(`${baseUrl()}${seeded.webhookPath}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seeded.memberToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ record_id: recordIdOf(sequence) }),
      }),
  };
  return { listNotes, agentUsers, trigger };
}
