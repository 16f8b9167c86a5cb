/**
 * The commands a running server runs for the CLI of another process (`src/cli/relay/`): those that
 * only read and write rows. `start` and `migrate` work on the database itself and are never relayed.
 */
export function isRelayable(argv: readonly string[]): boolean {
  const [command] = argv;
  return command === 'init' || command === 'users' || command === 'teams' || command === 'tokens' || command === 'mcp';
}

/** The body of `POST /admin/cli`, and of its answer. */
export interface RelayedRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}
