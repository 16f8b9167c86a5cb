import type { Logger } from 'pino';
import { closeAgentEvents } from './agent-events/agent-events';
import { createApp } from './app';
import type { CliRelayOptions } from './cli/relay/cli-relay-route';
import { newRelaySecret, writeRelayFile } from './cli/relay/relay-file';
import { type Config, withBoundPort } from './config/config';
import type { AppContext } from './context';
import { createPrismaClient } from './db/create-prisma-client';
import { migrationStatus } from './db/migrator/migrator';
import { closeRateLimitStores } from './http/rate-limit/rate-limit-store';
import { serveWithUrl } from './http/serve';
import { createLogger } from './logger';
import { workerOptionsFromConfig } from './workflows/executor/worker-options';
import { createWorkflowWorker, type WorkflowWorker } from './workflows/executor/workflow-worker';

export interface StartServerOptions {
  /** Defaults to a pino logger at PLATFORM_LOG_LEVEL on stdout. */
  readonly logger?: Logger;
  /** Close gracefully, then exit, on SIGTERM and SIGINT (default true; tests turn it off). */
  readonly handleSignals?: boolean;
  /**
   * On the embedded database, run the CLI commands of other processes (which cannot open it while
   * this server holds it) through `POST /admin/cli`, with this runner (`runCli`).
   */
  readonly runCli?: CliRelayOptions['run'];
}

export interface PlatformServer {
  readonly url: string;
  readonly context: AppContext;
  /**
   * Stops accepting, finishes in-flight requests and workflow runs (up to PLATFORM_SHUTDOWN_TIMEOUT_MS),
   * closes Redis and the database.
   */
  close(): Promise<void>;
}

/**
 * Opens the database (migrating it when `config.migrateOnStart`), then serves platform-api on
 * HOST:PORT, with a workflow worker unless PLATFORM_WORKER=off.
 *
 * @example const server = await startServer(loadConfig()); // ... await server.close();
 */
export async function startServer(config: Config, options: StartServerOptions = {}): Promise<PlatformServer> {
  const logger = options.logger ?? createLogger(config);
  const prisma = await createPrismaClient(config);
  if (config.database.kind === 'postgres' && !config.migrateOnStart) {
    await warnWhenMigrationsArePending(config.database.url, logger);
  }
  let context: AppContext = { prisma, config, logger, now: () => new Date() };

  const cliRelay =
    options.runCli && config.database.kind === 'embedded'
      ? { secret: newRelaySecret(), run: options.runCli }
      : undefined;

  let running: Awaited<ReturnType<typeof serveWithUrl>>;
  let removeRelayFile = () => {};
  try {
    const createHandler = (url: string) => {
      // PORT=0: links and the OpenAPI document's server name the port actually bound.
      context = { ...context, config: withBoundPort(config, Number(new URL(url).port)) };
      return createApp(context, { cliRelay });
    };
    running = await serveWithUrl(createHandler, {
      port: config.PORT,
      host: config.HOST,
      shutdownTimeoutMs: config.PLATFORM_SHUTDOWN_TIMEOUT_MS,
    });
  } catch (error) {
    await prisma.$disconnect();
    throw error;
  }
  if (cliRelay && config.database.kind === 'embedded') {
    const address = { pid: process.pid, url: running.url, secret: cliRelay.secret };
    removeRelayFile = writeRelayFile(config.database.dataDir, address);
  }
  logger.info({ url: running.url, database: config.database.kind }, 'platform-api listening');
  let worker: WorkflowWorker | undefined;
  if (config.PLATFORM_WORKER === 'on') {
    worker = createWorkflowWorker(context, workerOptionsFromConfig(config));
    await worker.start();
  }

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      removeRelayFile();
      const stopping = running.close();
      // Runs in progress get the same time to finish as requests; the rest go back to the queue.
      const stoppingWorker = worker?.stop({ timeoutMs: config.PLATFORM_SHUTDOWN_TIMEOUT_MS });
      // Event streams never finish on their own: end them once no new one can start, or shutdown
      // waits for its timeout.
      await closeAgentEvents(context);
      await stopping;
      await stoppingWorker;
      await closeRateLimitStores();
      await prisma.$disconnect();
      logger.info('platform-api stopped');
    })();
    return closing;
  };

  function onSignal(signal: NodeJS.Signals): void {
    if (closing) {
      logger.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  }

  if (options.handleSignals ?? true) {
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  }
  return { url: running.url, context, close };
}

/** Serving a database behind the code fails in confusing ways later: say so at start. */
async function warnWhenMigrationsArePending(databaseUrl: string, logger: Logger): Promise<void> {
  try {
    const status = await migrationStatus({ databaseUrl });
    if (!status.isUpToDate) {
      logger.warn(
        { pending: status.pendingMigrationNames, failed: status.failedMigrationNames },
        'the database is not up to date: run `npm run platform-api -- migrate` from the repository root (or set PLATFORM_MIGRATE_ON_START=true)',
      );
    }
  } catch (error) {
    logger.warn({ err: error }, 'could not check the migration status');
  }
}
