import type { Logger } from 'pino';
import { shutdownOnSignals } from '../../background-process';
import { type Config, ConfigError } from '../../config/config';
import type { AppContext } from '../../context';
import { createPrismaClient } from '../../db/create-prisma-client';
import { createLogger } from '../../logger';
import { workerOptionsFromConfig } from './worker-options';
import { createWorkflowWorker } from './workflow-worker';

export interface WorkerProcessOptions {
  /** Defaults to a pino logger at PLATFORM_LOG_LEVEL on stdout. */
  readonly logger?: Logger;
  /** Stop gracefully, then exit, on SIGTERM and SIGINT (default true). */
  readonly handleSignals?: boolean;
}

export interface RunningWorkerProcess {
  readonly workerId: string;
  /** Stops claiming, waits for the runs in progress (up to PLATFORM_SHUTDOWN_TIMEOUT_MS), closes the database. */
  close(): Promise<void>;
}

/**
 * `platform-api worker`: a workflow worker without the HTTP server, on PostgreSQL (the embedded
 * database belongs to the one `start` process, whose in-process worker runs the runs).
 */
export async function startWorkerProcess(
  config: Config,
  options: WorkerProcessOptions = {},
): Promise<RunningWorkerProcess> {
  if (config.database.kind !== 'postgres') {
    throw new ConfigError([
      {
        path: 'DATABASE_URL',
        message:
          'platform-api worker needs PostgreSQL: with the embedded database, `platform-api start` runs the worker in-process',
      },
    ]);
  }
  const logger = options.logger ?? createLogger(config);
  const prisma = await createPrismaClient(config);
  const context: AppContext = { prisma, config, logger, now: () => new Date() };
  const worker = createWorkflowWorker(context, workerOptionsFromConfig(config));
  try {
    await worker.start();
  } catch (error) {
    await prisma.$disconnect();
    throw error;
  }

  const close = shutdownOnSignals({
    logger,
    stop: async () => {
      await worker.stop({ timeoutMs: config.PLATFORM_SHUTDOWN_TIMEOUT_MS });
      await prisma.$disconnect();
    },
    stoppingMessage: 'stopping the workflow worker: finishing the runs in progress',
    failedMessage: 'workflow worker shutdown failed',
    handleSignals: options.handleSignals,
  });
  return { workerId: worker.id, close };
}
