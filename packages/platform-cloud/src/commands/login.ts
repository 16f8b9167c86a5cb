import os from 'node:os';
import type { Command } from 'commander';
import { finishDeviceLogin, refreshLogin, startDeviceLogin } from '../auth/cloud-oauth';
import type { CliIo } from '../cli/cli-io';
import type { Output } from '../cli/output';
import { type Credentials, writeCredentials } from '../credentials/credentials-file';
import { type LoginState, readLoginState, toCredentials } from '../credentials/session';
import { type CommonOptions, outputOf, withCommonOptions } from './command-context';

interface LoginOptions extends CommonOptions {
  readonly force?: boolean;
}

export function registerLogin(program: Command, io: CliIo): void {
  withCommonOptions(
    program
      .command('login')
      .description(
        'Sign in to the platform: refreshes a stored login, else prints a URL and a code to approve in a browser',
      )
      .option('--force', 'sign in through the browser even when the stored login can be refreshed'),
  ).action(async (options: LoginOptions) => {
    const output = outputOf(io, options);
    const state = await readLoginState(io, { option: options.platformUrl });
    const refreshedLogin = options.force ? undefined : await refresh(state, output);
    const credentials = refreshedLogin ?? (await deviceLogin(io, state, output));
    await writeCredentials(state.file, credentials);
    const how = refreshedLogin ? 'refreshed' : 'signed in';
    output.result(
      { platformUrl: credentials.platformUrl, email: credentials.email ?? null, expiresAt: credentials.expiresAt, how },
      `Logged in to ${credentials.platformUrl}${credentials.email ? ` as ${credentials.email}` : ''} (${how}).`,
    );
  });
}

/**
 * The stored login of this platform, refreshed without the browser; undefined when there is none,
 * or the platform refused it (expired or revoked: the user signs in again).
 */
async function refresh(state: LoginState, output: Output): Promise<Credentials | undefined> {
  const { credentials, platformUrl } = state;
  if (!credentials || credentials.platformUrl !== platformUrl) return undefined;
  try {
    const tokens = await output.step('Refreshing the login', () => refreshLogin(platformUrl, credentials.refreshToken));
    return toCredentials(platformUrl, tokens, credentials.email);
  } catch (error) {
    if ((error as Error).name !== 'NotLoggedInError') throw error;
    output.note('The stored login expired or was revoked: sign in again.');
    return undefined;
  }
}

/** The device authorization grant: the user approves the printed code on the platform's page. */
async function deviceLogin(io: CliIo, state: LoginState, output: Output): Promise<Credentials> {
  const device = await startDeviceLogin(state.platformUrl, os.hostname());
  output.note(
    [
      `Open this page in a browser, sign in to the platform and approve the code ${device.user_code}:`,
      '',
      `  ${device.verification_uri_complete ?? device.verification_uri}`,
      '',
    ].join('\n'),
  );
  const tokens = await output.step('Waiting for the approval', () =>
    finishDeviceLogin(state.platformUrl, device, io.signal),
  );
  return toCredentials(state.platformUrl, tokens);
}
