import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAgent } from '@platform/agent';
import { createSqlDataSource } from '@platform/datasource-sql';
import Database from 'better-sqlite3';
import express, { type Express } from 'express';
import { grantCollectionRights } from '../../../src/agents/permissions-admin';
import type { User } from '../../../src/generated/prisma/client';
import type { WorkerOptions } from '../../../src/workflows/executor/worker-options';
import { createWorkflowWorker, type WorkflowWorker } from '../../../src/workflows/executor/workflow-worker';
import type { WorkflowStep } from '../../../src/workflows/workflow-schemas';
import { type AgentPlatform, startAgentPlatform } from '../../agents/agent-platform';
import { seedRun, seedWorkflowOnRendering } from '../../factories/workflow-factory';
import { silentAgentLogger } from '../../helpers/silent-logger';
import { sleep } from '../../helpers/sleep';
import type { DatabaseKind } from '../../helpers/test-context';

const AUTH_SECRET = 'executor-auth-secret-of-at-least-32-characters';
export const ORDERS = [
  { id: 1, status: 'pending', amount: 10, customer: 'Ada <ada@example.com>' },
  { id: 2, status: 'pending', amount: 250, customer: 'Grace' },
  { id: 3, status: 'shipped', amount: 30, customer: 'Alan' },
];

/** What the agent's actions saw: one entry per execution. */
export interface ActionCall {
  readonly action: string;
  readonly recordId: string | number;
  readonly values: Readonly<Record<string, unknown>>;
  readonly callerId: number;
}

/**
 * platform-api on a socket (test/agents/agent-platform.ts) and a real agent (`@platform/agent` +
 * `@platform/datasource-sql` on a SQLite file) connected to it, whose URL is the environment's.
 * The Editor role may read, edit and run the actions of `orders`, and nothing on `invoices`.
 * Actions of `orders`: `Ship` (records its form), `Flaky` (fails with a 500 while `flakyFailures`
 * is above 0), `Refuse` (an action error: 400) and `Slow` (answers after `slowMs`).
 */
export interface ExecutorWorld {
  readonly platform: AgentPlatform;
  readonly sqliteFile: string;
  readonly agentOrigin: string;
  /** `METHOD path` of every call a worker made to the agent. */
  readonly agentCalls: string[];
  readonly actionCalls: ActionCall[];
  readonly control: { flakyFailures: number; slowMs: number };
  /** Worker options for tests: quick polls and retries; the agent calls are counted. */
  workerOptions(overrides?: Partial<WorkerOptions>): WorkerOptions;
  /** A started worker on the platform's database, stopped at close. */
  startWorker(overrides?: Partial<WorkerOptions>): Promise<WorkflowWorker>;
  /** A queued run of a new workflow of `steps` on `recordId`, by the team's member unless `user`. */
  queueRun(
    steps: readonly WorkflowStep[],
    recordId: string,
    options?: { readonly collection?: string; readonly user?: User },
  ): Promise<string>;
  /** The run and its steps once it is Succeeded or Failed. */
  finishedRun(runId: string, withinMs?: number): Promise<FinishedRun>;
  readOrder(id: number): { id: number; status: string; amount: number };
  close(): Promise<void>;
}

export type FinishedRun = Awaited<ReturnType<typeof loadRunWithSteps>>;

function loadRunWithSteps(platform: AgentPlatform, runId: string) {
  return platform.context.prisma.workflowRun.findUniqueOrThrow({
    where: { id: runId },
    include: { steps: { orderBy: { position: 'asc' } } },
  });
}

export interface ExecutorWorldOptions {
  /**
   * Serves the agent mounted on an Express app of the test (`agent.mountOnExpress`), after the
   * routes this adds: a stand-in for a route the agent does not serve yet, say.
   */
  readonly hostRoutes?: (app: Express) => void;
  /** Given to `agent.addAi`: the agent then serves its AI routes. */
  readonly ai?: AiProviderOfAgent;
}

export type AiProviderOfAgent = Parameters<ReturnType<typeof createAgent>['addAi']>[0];

export async function startExecutorWorld(
  kind: DatabaseKind,
  options: ExecutorWorldOptions = {},
): Promise<ExecutorWorld> {
  const platform = await startAgentPlatform(kind);
  const { context, world } = platform;
  const dir = await mkdtemp(path.join(tmpdir(), 'workflow-executor-'));
  const sqliteFile = path.join(dir, 'shop.sqlite');
  const db = new Database(sqliteFile);
  db.exec(`CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT NOT NULL, amount INTEGER NOT NULL, customer TEXT NOT NULL);
           CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER NOT NULL);
           INSERT INTO invoices (id, total) VALUES (1, 100);`);
  const insert = db.prepare('INSERT INTO orders (id, status, amount, customer) VALUES (?, ?, ?, ?)');
  for (const order of ORDERS) insert.run(order.id, order.status, order.amount, order.customer);
  db.close();

  const target = { project: world.project.name, environment: world.environment.name, role: 'Editor' as const };
  await grantCollectionRights(context, {
    ...target,
    collection: 'orders',
    rights: ['browse', 'read', 'edit'],
    actions: ['Ship', 'Flaky', 'Refuse', 'Slow'],
  });

  const actionCalls: ActionCall[] = [];
  const control = { flakyFailures: 0, slowMs: 0 };
  const agent = createAgent({
    authSecret: AUTH_SECRET,
    envSecret: world.envSecret,
    serverUrl: platform.serverUrl,
    host: '127.0.0.1',
    port: 0,
    schemaPath: path.join(dir, '.platform-schema.json'),
    logger: silentAgentLogger,
  })
    .addDataSource(createSqlDataSource(`sqlite:${sqliteFile}`))
    .customizeCollection('orders', (orders) =>
      orders
        .addAction('Ship', {
          scope: 'Single',
          form: [{ label: 'carrier', type: 'String' }],
          execute: async (actionContext, result) => {
            const recordId = await actionContext.getRecordId();
            const values = actionContext.formValues;
            actionCalls.push({ action: 'Ship', recordId, values, callerId: actionContext.caller.id });
            return result.success(`Shipped with ${String(values.carrier)}`);
          },
        })
        .addAction('Flaky', {
          scope: 'Single',
          execute: async (actionContext, result) => {
            actionCalls.push({
              action: 'Flaky',
              recordId: await actionContext.getRecordId(),
              values: {},
              callerId: actionContext.caller.id,
            });
            if (control.flakyFailures > 0) {
              control.flakyFailures -= 1;
              throw new Error('the warehouse service is down');
            }
            return result.success('done');
          },
        })
        .addAction('Refuse', {
          scope: 'Single',
          execute: async (actionContext, result) => {
            actionCalls.push({
              action: 'Refuse',
              recordId: await actionContext.getRecordId(),
              values: {},
              callerId: actionContext.caller.id,
            });
            return result.error('This order cannot be refunded.');
          },
        })
        .addAction('Slow', {
          scope: 'Single',
          execute: async (actionContext, result) => {
            actionCalls.push({
              action: 'Slow',
              recordId: await actionContext.getRecordId(),
              values: {},
              callerId: actionContext.caller.id,
            });
            await sleep(control.slowMs);
            return result.success('slowly');
          },
        }),
    );
  if (options.ai) agent.addAi(options.ai);
  let hostServer: Server | undefined;
  if (options.hostRoutes) {
    const app = express();
    options.hostRoutes(app);
    agent.mountOnExpress(app);
    hostServer = createServer(app);
    await new Promise<void>((resolve) => hostServer?.listen(0, '127.0.0.1', resolve));
  }
  await agent.start();
  const agentOrigin = hostServer
    ? `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}`
    : `http://127.0.0.1:${agent.standaloneServerPort}`;
  await context.prisma.environment.update({ where: { id: world.environment.id }, data: { agentUrl: agentOrigin } });

  const agentCalls: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    agentCalls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  const workers: WorkflowWorker[] = [];
  const workerOptions = (overrides: Partial<WorkerOptions> = {}): WorkerOptions => ({
    concurrency: 4,
    pollIntervalMs: 100,
    leaseMs: 5_000,
    maxAttempts: 3,
    stepTimeoutMs: 5_000,
    stepRetries: 2,
    retryBaseDelayMs: 10,
    agentRoutePrefix: '/platform',
    fetch: countingFetch,
    ...overrides,
  });

  return {
    platform,
    sqliteFile,
    agentOrigin,
    agentCalls,
    actionCalls,
    control,
    workerOptions,
    async startWorker(overrides) {
      const worker = createWorkflowWorker(context, workerOptions(overrides));
      workers.push(worker);
      await worker.start();
      return worker;
    },
    async queueRun(steps, recordId, options = {}) {
      const workflow = await seedWorkflowOnRendering(context, {
        renderingId: world.rendering.id,
        steps,
        collection: options.collection ?? 'orders',
      });
      return (await seedRun(context, { workflow, user: options.user ?? world.member, recordId })).id;
    },
    async finishedRun(runId, withinMs = 20_000) {
      const startedAt = Date.now();
      for (;;) {
        const run = await loadRunWithSteps(platform, runId);
        if (run.status === 'Succeeded' || run.status === 'Failed' || Date.now() - startedAt > withinMs) return run;
        await sleep(25);
      }
    },
    readOrder(id) {
      const reader = new Database(sqliteFile, { readonly: true });
      try {
        return reader.prepare('SELECT id, status, amount FROM orders WHERE id = ?').get(id) as ReturnType<
          ExecutorWorld['readOrder']
        >;
      } finally {
        reader.close();
      }
    },
    async close() {
      for (const worker of workers) await worker.stop({ timeoutMs: 2_000 });
      await agent.stop().catch(() => undefined);
      if (hostServer) {
        hostServer.closeAllConnections();
        await new Promise((resolve) => hostServer?.close(resolve));
      }
      await platform.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
