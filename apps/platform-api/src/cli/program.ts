import { Command, CommanderError, Help, type Option } from 'commander';
import { isErrorNamed } from '../errors';
import { type CliIo, createCliContext, ExitCode } from './cli-context';
import { commands } from './commands';
import { relayToRunningServer } from './relay/relay-client';

const VERSION: string = require('../../package.json').version;

/** Builds the `platform-api` program; output goes through `io`, and no command calls process.exit. */
export function createProgram(io: CliIo): { program: Command; cli: ReturnType<typeof createCliContext> } {
  const cli = createCliContext(io, runCli);
  const program = new Command('platform-api')
    .description("The platform's server: organizations, users, tokens, notes, logs and the public API.")
    .version(VERSION)
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    // Inherited by every subcommand: Commander's help does not otherwise tell required options apart.
    .configureHelp({ optionDescription: describeOption });

  for (const register of commands) register(program, cli);
  return { program, cli };
}

function describeOption(this: Help, option: Option): string {
  const description = Help.prototype.optionDescription.call(this, option);
  return option.mandatory ? `(required) ${description}` : description;
}

export interface CliResult {
  readonly exitCode: ExitCode;
  /** True when the command keeps running after returning (`start`). */
  readonly isKeptAlive: boolean;
}

/**
 * Runs the CLI on `argv` (without `node` and the script) and returns its exit code: 0 success,
 * 1 runtime failure, 2 usage or configuration error. With `--json`, a failure is printed on stdout
 * as `{"error":{"name","message",...}}`.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<CliResult> {
  const { program, cli } = createProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return { exitCode: cli.exitCode, isKeptAlive: cli.isKeptAlive };
  } catch (error) {
    // The embedded database is held by a running `start`: it runs the command instead, if it can.
    if (isErrorNamed(error, 'DataDirInUseError') && !io.openDatabase) {
      const exitCode = await relayToRunningServer(cli.loadConfig(), argv, io);
      if (exitCode !== undefined) return { exitCode: exitCode as ExitCode, isKeptAlive: false };
    }
    return { exitCode: reportError(error, argv.includes('--json'), io), isKeptAlive: false };
  }
}

function reportError(error: unknown, isJson: boolean, io: CliIo): ExitCode {
  if (error instanceof CommanderError) {
    // Commander already printed its message (or the help, or the version).
    return error.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
  }
  const exitCode = isErrorNamed(error, 'ConfigError') ? ExitCode.Usage : ExitCode.Failure;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const issues = (error as { issues?: unknown } | undefined)?.issues;
  if (isJson) {
    io.stdout(`${JSON.stringify({ error: { name, message, ...(issues ? { issues } : {}) } })}\n`);
  } else {
    io.stderr(`error: ${message}\n`);
  }
  return exitCode;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  };
}
