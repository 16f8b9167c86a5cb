import type { CloudEnvironment } from '@platform/platform-contract';
import type { Command } from 'commander';
import type { CliIo } from '../cli/cli-io';
import { openSession, readLoginState } from '../credentials/session';
import { createCloudApi } from '../platform/cloud-api';
import { type CommonOptions, environmentPath, outputOf, withCommonOptions } from './command-context';

export function registerEnvironments(program: Command, io: CliIo): void {
  withCommonOptions(
    program.command('environments').description('List the cloud environments you may customize'),
  ).action(async (options: CommonOptions) => {
    const output = outputOf(io, options);
    const session = openSession(await readLoginState(io, { option: options.platformUrl }));
    const environments = await output.step('Listing the environments', () => createCloudApi(session).environments());
    const text =
      environments.length === 0
        ? 'No cloud environment you may customize (it takes the Admin or Developer role in a project with one).'
        : environments.map(describe).join('\n');
    output.result({ environments }, text);
  });
}

function describe(environment: CloudEnvironment): string {
  const live = environment.liveVersion === null ? 'no version live' : `version ${environment.liveVersion} live`;
  const latest =
    environment.latestVersion !== null && environment.latestVersion !== environment.liveVersion
      ? `, latest ${environment.latestVersion}`
      : '';
  const url = environment.agentUrl ? ` at ${environment.agentUrl}` : '';
  return `${environment.id}\t${environmentPath(environment)}\t${live}${latest}${url}`;
}
