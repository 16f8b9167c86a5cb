import type { CloudEnvironment } from '@platform/platform-contract';
import { type Command, Option } from 'commander';
import type { CliIo } from '../cli/cli-io';
import { createOutput, type Output } from '../cli/output';
import { openSession, readLoginState, type Session } from '../credentials/session';
import { type CloudApi, createCloudApi } from '../platform/cloud-api';
import { findEnvironment } from '../platform/find-environment';
import { type CloudProject, readCloudProject } from '../project/cloud-project';

/** The options every command takes. */
export interface CommonOptions {
  readonly json?: boolean;
  readonly platformUrl?: string;
}

/** Adds `--json` and `--platform-url` to a command. */
export function withCommonOptions(command: Command): Command {
  return command
    .option('--json', 'print the result as one JSON line (errors too: {"error":{"name","message"}})')
    .addOption(
      new Option(
        '--platform-url <url>',
        'the platform (default: PLATFORM_URL, then .env, then the stored login, then http://127.0.0.1:3400)',
      ),
    );
}

export function outputOf(io: CliIo, options: CommonOptions): Output {
  return createOutput(io, options.json === true);
}

/** What a command run inside a customization project works with. */
export interface ProjectSession {
  readonly project: CloudProject;
  readonly session: Session;
  readonly api: CloudApi;
  readonly environment: CloudEnvironment;
}

/**
 * The project in the working directory, the signed-in session for its platform, and its cloud
 * environment (looked up by the project's environment secret).
 */
export async function openProjectSession(io: CliIo, options: CommonOptions, output: Output): Promise<ProjectSession> {
  const project = await readCloudProject(io);
  const state = await readLoginState(io, { option: options.platformUrl, dotenv: project.dotenvPlatformUrl });
  const session = openSession(state);
  const api = createCloudApi(session);
  const environment = await output.step('Looking up the environment', () =>
    findEnvironment(api, project.environmentSecret),
  );
  return { project, session, api, environment };
}

/** `organization/project/environment`, how the CLI names an environment. */
export function environmentPath(environment: CloudEnvironment): string {
  return `${environment.organization.name}/${environment.project.name}/${environment.name}`;
}
