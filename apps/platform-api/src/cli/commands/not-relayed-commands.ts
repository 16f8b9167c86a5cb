/**
 * The commands of `index.ts` that a running server does not run for the CLI of another process
 * (src/cli/relay/), with why. Every other command only reads and writes rows, and is relayed: a
 * new command is relayed unless it is listed here (test/cli/relay/relayed-commands.test.ts checks that
 * each registered command is one or the other). Kept apart from `index.ts` so that the relay route,
 * which the server mounts, does not import every command (and `start`, which imports the server).
 */
export const NOT_RELAYED_COMMANDS: Readonly<Record<string, string>> = {
  start: 'it serves, holding the database itself',
  migrate: 'it changes the database itself (its schema), under the server that serves it',
  worker: 'it keeps running, and on PostgreSQL only, where no relay is needed',
  'cloud-runner': 'it keeps running, and on PostgreSQL only, where no relay is needed',
};
