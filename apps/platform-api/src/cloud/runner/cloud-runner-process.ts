import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import { shutdownOnSignals } from '../../background-process';
import { type Config, ConfigError } from '../../config/config';
import type { AppContext } from '../../context';
import { createPrismaClient } from '../../db/create-prisma-client';
import { createLogger } from '../../logger';
import { type CloudRunner, startCloudRunner } from './cloud-runner';
import type { CloudRunnerOptions } from './runner-options';

export interface CloudRunnerProcessOptions {
  /** Defaults to a pino logger at PLATFORM_LOG_LEVEL on stdout. */
  readonly logger?: Logger;
  /** Stop gracefully, then exit, on SIGTERM and SIGINT (default true). */
  readonly handleSignals?: boolean;
}

/**
 * `platform-api cloud-runner`: the hosted-agent runner in a process of its own, on PostgreSQL (the
 * embedded database belongs to the one `start` process). SIGTERM or SIGINT stops the hosted
 * agents gracefully, then exits; a second signal exits at once.
 */
export async function startCloudRunnerProcess(
  config: Config,
  runnerOptions: CloudRunnerOptions,
  options: CloudRunnerProcessOptions = {},
): Promise<CloudRunner> {
  if (config.database.kind !== 'postgres') {
    throw new ConfigError([
      {
        path: 'DATABASE_URL',
        message:
          'platform-api cloud-runner needs PostgreSQL: the embedded database is open to `platform-api start` only',
      },
    ]);
  }
  if (!existsSync(runnerOptions.childEntry.path)) {
    throw new Error(
      `The hosted agent's entry ${runnerOptions.childEntry.path} is missing: run \`pnpm --filter @platform/platform-api build\`.`,
    );
  }
  const logger = options.logger ?? createLogger(config);
  const prisma = await createPrismaClient(config);
  const context: AppContext = { prisma, config, logger, now: () => new Date() };
  let runner: CloudRunner;
  try {
    runner = await startCloudRunner(context, runnerOptions);
  } catch (error) {
    await prisma.$disconnect();
    throw error;
  }

  const close = shutdownOnSignals({
    logger,
    stop: async () => {
      await runner.close();
      await prisma.$disconnect();
    },
    stoppingMessage: 'stopping the cloud runner: the hosted agents finish their requests',
    failedMessage: 'cloud runner shutdown failed',
    handleSignals: options.handleSignals,
  });
  return { close };
}
