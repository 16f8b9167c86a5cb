import { UsageError } from '../cli/cli-errors';
import type { CliIo } from '../cli/cli-io';
import { readDotenv } from './dotenv-file';

/** The customization project in the working directory, as its `.env` describes it. */
export interface CloudProject {
  readonly directory: string;
  /** PLATFORM_ENV_SECRET of the environment, else of `.env`. */
  readonly environmentSecret: string;
  /** PLATFORM_URL of `.env`, if any (the environment's own wins, see `resolvePlatformUrl`). */
  readonly dotenvPlatformUrl: string | undefined;
}

/** @throws UsageError when no environment secret is set: not run in a bootstrapped project. */
export async function readCloudProject(io: CliIo): Promise<CloudProject> {
  const dotenv = await readDotenv(io.cwd);
  const environmentSecret = io.env.PLATFORM_ENV_SECRET || dotenv.PLATFORM_ENV_SECRET;
  if (!environmentSecret) {
    throw new UsageError(
      `no PLATFORM_ENV_SECRET in ${io.cwd}/.env: run this command in a project made by platform-cloud bootstrap`,
    );
  }
  return { directory: io.cwd, environmentSecret, dotenvPlatformUrl: dotenv.PLATFORM_URL || undefined };
}
