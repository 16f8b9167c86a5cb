import type { Command } from 'commander';
import type { CliIo } from '../cli/cli-io';
import { readCredentials } from '../credentials/credentials-file';
import { openSession, readLoginState } from '../credentials/session';
import { createCloudApi } from '../platform/cloud-api';
import { type CommonOptions, outputOf, withCommonOptions } from './command-context';

export function registerWhoami(program: Command, io: CliIo): void {
  withCommonOptions(
    program.command('whoami').description('Check the stored login with the platform and show who it is'),
  ).action(async (options: CommonOptions) => {
    const output = outputOf(io, options);
    const state = await readLoginState(io, { option: options.platformUrl });
    const session = openSession(state);
    // A call the login must pass: the platform says whether it still holds (refreshing it if due).
    const environments = await output.step('Checking the login', () => createCloudApi(session).environments());
    const credentials = await readCredentials(state.file);
    output.result(
      {
        platformUrl: session.platformUrl,
        email: session.email ?? null,
        expiresAt: credentials?.expiresAt,
        environments: environments.length,
      },
      `Logged in to ${session.platformUrl}${session.email ? ` as ${session.email}` : ''}: ${environments.length} cloud environment(s) to customize.`,
    );
  });
}
