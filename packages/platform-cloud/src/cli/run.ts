import { Command, CommanderError } from 'commander';
import { version } from '../../package.json';
import { registerBootstrap } from '../commands/bootstrap';
import { registerBuild } from '../commands/build';
import { registerEnvironments } from '../commands/environments';
import { registerLogin } from '../commands/login';
import { registerLogout } from '../commands/logout';
import { registerLogs } from '../commands/logs';
import { registerPublish } from '../commands/publish';
import { registerUpdateTypings } from '../commands/update-typings';
import { registerWhoami } from '../commands/whoami';
import { ExitCode, exitCodeOf } from './cli-errors';
import { type CliIo, processIo } from './cli-io';

/** Where a run reads and writes; every field defaults to the process's own. */
export type RunOptions = Partial<CliIo>;

/**
 * Runs `platform-cloud <argv>` (the arguments after the command name) and resolves to its exit
 * code (README "Exit codes"); nothing calls `process.exit`. Every error ends as one line on
 * stderr, or as `{"error":{"name","message"}}` on stdout with `--json`.
 *
 * @example const code = await run(['publish', '--no-wait'], { cwd: projectDir, env: { ...process.env } });
 */
export async function run(argv: readonly string[], options: RunOptions = {}): Promise<number> {
  const io: CliIo = { ...processIo(), ...options };
  const program = createProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return ExitCode.Ok;
  } catch (error) {
    return reportError(error, argv.includes('--json'), io);
  }
}

function createProgram(io: CliIo): Command {
  const program = new Command('platform-cloud')
    .description(
      "Customize a cloud environment's hosted agent: sign in, bootstrap a project, update its typings, publish it",
    )
    .version(version)
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    // One line per error: no "Did you mean…?" after it.
    .showSuggestionAfterError(false)
    .exitOverride();
  for (const register of [
    registerLogin,
    registerLogout,
    registerWhoami,
    registerEnvironments,
    registerBootstrap,
    registerUpdateTypings,
    registerBuild,
    registerPublish,
    registerLogs,
  ]) {
    register(program, io);
  }
  // Subcommands copy these at creation: set them after, so every command throws instead of exiting.
  for (const command of program.commands) {
    command
      .exitOverride()
      .showSuggestionAfterError(false)
      .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  }
  return program;
}

function reportError(error: unknown, isJson: boolean, io: CliIo): number {
  if (error instanceof CommanderError) {
    // Commander printed its one line already (or the help, or the version).
    return error.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
  }
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  if (isJson) io.stdout(`${JSON.stringify({ error: { name, message } })}\n`);
  else io.stderr(`error: ${message}\n`);
  if (io.env.PLATFORM_CLOUD_DEBUG && error instanceof Error) io.stderr(`${error.stack}\n`);
  return exitCodeOf(error);
}
