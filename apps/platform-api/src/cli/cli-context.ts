import type { Command } from 'commander';
import pino from 'pino';
import { type Config, loadConfig } from '../config/config';
import type { AppContext } from '../context';
import { createPrismaClient } from '../db/create-prisma-client';
import type { PrismaClient } from '../generated/prisma/client';
import { createLogger } from '../logger';

/** Exit codes of `platform-api`: 0 success, 1 runtime failure, 2 usage or configuration error. */
export const ExitCode = { Ok: 0, Failure: 1, Usage: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Where the CLI writes, what it reads and which database it opens; tests pass their own. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  /**
   * Opens the database of the configuration: by default the one `start` would open (migrating it
   * first when PLATFORM_MIGRATE_ON_START). Tests hand in a database they already hold open.
   */
  readonly openDatabase?: (config: Config) => Promise<OpenDatabase>;
  /** Where relative paths in options (`--file`) are read from; the process's by default. */
  readonly cwd?: string;
  /**
   * Set when a running server runs the command for the CLI of another process (src/cli/relay/):
   * the server's own configuration, used instead of parsing `env`, so that the command prints the
   * URLs that server serves (its PLATFORM_PUBLIC_URL, or the port it bound).
   */
  readonly serverConfig?: Config;
}

/** A database opened for one command, closed when the command ends. */
export interface OpenDatabase {
  readonly prisma: PrismaClient;
  close(): Promise<void>;
}

async function openConfiguredDatabase(config: Config): Promise<OpenDatabase> {
  const prisma = await createPrismaClient(config);
  return { prisma, close: () => prisma.$disconnect() };
}

/** What each command is given besides its own options. */
export interface CliContext {
  readonly io: CliIo;
  /**
   * Parses the environment (a bad variable ends the command with exit code 2), or gives the running
   * server's configuration for a relayed command.
   */
  loadConfig(): Config;
  /**
   * Opens the database (`io.openDatabase`, or as `start` would) and runs `work` with an
   * AppContext, closing the database afterwards.
   */
  withAppContext<T>(work: (context: AppContext) => Promise<T>): Promise<T>;
  /** Prints `json` (one line) when the command got `--json`, else `text`. */
  print(command: Command, json: unknown, text: string): void;
  /** Ends with this code once the command returns (default 0). */
  setExitCode(code: ExitCode): void;
  /** For long-running commands (`start`): the process keeps running after the action returns. */
  keepAlive(): void;
  /** Runs the whole program on other arguments and output (`start` relays other processes' commands). */
  runCli(argv: readonly string[], io: CliIo): Promise<{ readonly exitCode: ExitCode }>;
}

/** A command module: registers itself (name, options, action) on the program. */
export type RegisterCommand = (program: Command, cli: CliContext) => void;

export function isJson(command: Command): boolean {
  return command.opts<{ json?: boolean }>().json === true;
}

export function createCliContext(
  io: CliIo,
  runCli: CliContext['runCli'],
): CliContext & { readonly exitCode: ExitCode; readonly isKeptAlive: boolean } {
  let exitCode: ExitCode = ExitCode.Ok;
  let isKeptAlive = false;
  const cli = {
    io,
    get exitCode() {
      return exitCode;
    },
    get isKeptAlive() {
      return isKeptAlive;
    },
    loadConfig: () => io.serverConfig ?? loadConfig(io.env),
    async withAppContext<T>(work: (context: AppContext) => Promise<T>): Promise<T> {
      const config = cli.loadConfig();
      // Logs go to stderr so that stdout carries only the command's own output.
      const logger = createLogger(config, pino.destination(2));
      const database = await (io.openDatabase ?? openConfiguredDatabase)(config);
      try {
        return await work({ prisma: database.prisma, config, logger, now: () => new Date() });
      } finally {
        await database.close();
      }
    },
    print(command: Command, json: unknown, text: string) {
      io.stdout(isJson(command) ? `${JSON.stringify(json)}\n` : `${text}\n`);
    },
    setExitCode(code: ExitCode) {
      exitCode = code;
    },
    keepAlive() {
      isKeptAlive = true;
    },
    runCli,
  };
  return cli;
}
