import { NOT_RELAYED_COMMANDS } from '../commands/not-relayed-commands';

/**
 * Why a running server does not run `argv` for the CLI of another process, or undefined when it
 * does: it runs every command but those of NOT_RELAYED_COMMANDS (`start`, `migrate`, `worker`),
 * which work on the database itself or keep running.
 */
export function notRelayedReason(argv: readonly string[]): string | undefined {
  const [command] = argv;
  if (command === undefined || command.startsWith('-')) return 'The arguments name no command.';
  const reason = Object.hasOwn(NOT_RELAYED_COMMANDS, command) ? NOT_RELAYED_COMMANDS[command] : undefined;
  return reason === undefined ? undefined : `${command} is not run for another process: ${reason}.`;
}

export function isRelayable(argv: readonly string[]): boolean {
  return notRelayedReason(argv) === undefined;
}

/** The answer of `POST /admin/cli`. */
export interface RelayedRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}
