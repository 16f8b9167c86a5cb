import type { Command } from 'commander';
import { revokeLogin } from '../auth/cloud-oauth';
import type { CliIo } from '../cli/cli-io';
import { deleteCredentials } from '../credentials/credentials-file';
import { readLoginState } from '../credentials/session';
import { type CommonOptions, outputOf, withCommonOptions } from './command-context';

export function registerLogout(program: Command, io: CliIo): void {
  withCommonOptions(
    program.command('logout').description('Revoke the stored login on the platform and delete the credentials file'),
  ).action(async (options: CommonOptions) => {
    const output = outputOf(io, options);
    const { credentials, file } = await readLoginState(io, { option: options.platformUrl });
    if (!credentials) {
      output.result({ loggedOut: false }, 'Not logged in: nothing to do.');
      return;
    }
    // Deleted first: a platform that cannot be reached must not leave the tokens on disk.
    await deleteCredentials(file);
    try {
      // Revoking the refresh token ends the whole login (its access token too).
      await revokeLogin(credentials.platformUrl, credentials.refreshToken);
    } catch (error) {
      // Same class (so the same exit code), with what was done said first.
      if (error instanceof Error) error.message = `deleted ${file}, but the login is not revoked: ${error.message}`;
      throw error;
    }
    output.result(
      { loggedOut: true, platformUrl: credentials.platformUrl },
      `Logged out of ${credentials.platformUrl}: the login is revoked and ${file} deleted.`,
    );
  });
}
