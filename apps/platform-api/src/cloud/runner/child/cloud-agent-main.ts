// The hosted agent of one cloud environment: the child process `platform-api cloud-runner` forks
// for each generation (bundled as dist/cloud-agent.cjs). Its environment holds only its own
// connection and secrets (CHILD_ENV). It reads the database's structure, sends it to the runner,
// applies the bundle, starts the agent connected to the platform, and serves the connections the
// runner hands it until told to stop.
import { Socket } from 'node:net';
import path from 'node:path';
import * as agentModule from '@platform/agent';
import * as sqlModule from '@platform/datasource-sql';
import express from 'express';
import {
  type BundleToRun,
  CHILD_ENV,
  type ChildMessage,
  childEnvSchema,
  type FailureCause,
  runnerMessageSchema,
} from './child-protocol';
import { createChildServer, KEEP_ALIVE_TIMEOUT_MS } from './child-server';
import { parseConnection } from './connection';
import { describeError } from './describe-error';
import { type HostModules, loadBundle } from './load-bundle';

/** Failures of a start that retrying later may fix: the bundle is not to blame for them. */
const SETUP_ERRORS = [
  'AgentOptionsError',
  'ContractCallError',
  'DatabaseConnectionError',
  'DatabaseUnavailableError',
  'MissingDriverError',
  'PlatformConnectionError',
  'PlatformSecretRefusedError',
  'PlatformUnavailableError',
];

const HOST_MODULES: HostModules = {
  '@platform/agent': () => agentModule,
  '@platform/datasource-sql': () => sqlModule,
};

let isReady = false;
/** Who is to blame for an error thrown now: the bundle once its code runs. */
let blame: FailureCause = 'setup';

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

async function fail(cause: FailureCause, error: unknown): Promise<never> {
  await send({ type: 'failed', cause, error: describeError(error) });
  process.exit(1);
}

function nextStartMessage(): Promise<{ bundle: BundleToRun | null }> {
  return new Promise((resolve) => {
    process.once('message', (raw: unknown) => {
      const message = runnerMessageSchema.safeParse(raw);
      if (message.success && message.data.type === 'start') resolve({ bundle: message.data.bundle });
      else void fail('setup', new Error('the runner sent no start message'));
    });
  });
}

async function main(): Promise<void> {
  const parsedEnv = childEnvSchema.safeParse(process.env);
  if (!parsedEnv.success) return fail('setup', new Error(`incomplete environment: ${parsedEnv.error.message}`));
  const env = parsedEnv.data;
  const { bundle } = await nextStartMessage();

  const connection = parseConnection(env[CHILD_ENV.connection]);
  // Debug lines (each SQL statement) would crowd the environment's few thousand kept lines out.
  const logger: agentModule.Logger = (level, message, error) => {
    if (level === 'Debug') return;
    void send({ type: 'log', level, message: error === undefined ? message : `${message} ${describeError(error)}` });
  };
  const introspectionConnection = await sqlModule.openConnection(connection, logger);
  const introspection = await sqlModule
    .introspect(introspectionConnection.db, introspectionConnection.dialect, {
      schema: introspectionConnection.schema,
      logger,
    })
    .finally(() => introspectionConnection.close());
  await send({ type: 'introspection', introspection });

  const agent = agentModule
    .createAgent({
      authSecret: env[CHILD_ENV.authSecret],
      envSecret: env[CHILD_ENV.envSecret],
      serverUrl: env[CHILD_ENV.serverUrl],
      prefix: env[CHILD_ENV.prefix],
      // The working directory is the child's own: the runner made it, and removes it.
      schemaPath: path.resolve('.platform-schema.json'),
      logger,
    })
    .addDataSource(sqlModule.createSqlDataSource(connection, { introspection }));
  if (bundle !== null) {
    blame = 'bundle';
    const customize = loadBundle(bundle.code, bundle.version, HOST_MODULES);
    await customize(agent);
  }
  const app = express();
  app.disable('x-powered-by');
  agent.mountOnExpress(app);
  try {
    await agent.start();
  } catch (error) {
    return fail(bundle !== null && !isSetupError(error) ? 'bundle' : 'setup', error);
  }
  blame = 'setup';

  const server = createChildServer(app);
  process.on('message', (raw: unknown, handle: unknown) => {
    const message = runnerMessageSchema.safeParse(raw);
    if (!message.success) return;
    if (message.data.type === 'connection' && handle instanceof Socket) {
      server.accept(handle);
    } else if (message.data.type === 'stop') {
      const graceMs = message.data.graceMs;
      void server
        .drain({ idleCloseMs: KEEP_ALIVE_TIMEOUT_MS, graceMs })
        .then(() => agent.stop())
        .finally(() => process.exit(0));
    }
  });
  isReady = true;
  await send({ type: 'ready' });
}

function isSetupError(error: unknown): boolean {
  return error instanceof Error && SETUP_ERRORS.includes(error.name);
}

process.on('uncaughtException', (error) => {
  if (!isReady) {
    void fail(isSetupError(error) ? 'setup' : blame, error);
    return;
  }
  void send({ type: 'log', level: 'Error', message: `The hosted agent crashed: ${describeError(error)}` }).finally(() =>
    process.exit(1),
  );
});
// The runner is gone (it holds the listening socket): nothing more can reach this agent.
process.on('disconnect', () => process.exit(0));

main().catch((error: unknown) => fail(isSetupError(error) ? 'setup' : blame, error));
