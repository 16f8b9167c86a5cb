import { z } from 'zod';
import type { Config } from '../../config/config';
import type { CliIo } from '../cli-context';
import { CLI_RELAY_PATH, CLI_RELAY_SECRET_HEADER } from './cli-relay-route';
import { readRelayFile } from './relay-file';
import { isRelayable } from './relayed-commands';

const relayedRunSchema = z.object({ exitCode: z.number().int(), stdout: z.string(), stderr: z.string() });

/**
 * Runs `argv` on the server that holds the embedded database, through its relay (see
 * cli-relay-route.ts), and prints what it printed. Undefined when the command is not relayable or
 * no relay answers: the caller then reports that the database is held.
 */
export async function relayToRunningServer(
  config: Config,
  argv: readonly string[],
  io: CliIo,
): Promise<number | undefined> {
  if (config.database.kind !== 'embedded' || !isRelayable(argv)) return undefined;
  const relay = readRelayFile(config.database.dataDir);
  if (!relay) return undefined;
  let answer: unknown;
  try {
    const response = await fetch(`${relay.url}${CLI_RELAY_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CLI_RELAY_SECRET_HEADER]: relay.secret },
      body: JSON.stringify({ argv, cwd: io.cwd ?? process.cwd() }),
    });
    if (!response.ok) return undefined;
    answer = await response.json();
  } catch {
    return undefined;
  }
  const run = relayedRunSchema.safeParse(answer);
  if (!run.success) return undefined;
  if (run.data.stdout !== '') io.stdout(run.data.stdout);
  if (run.data.stderr !== '') io.stderr(run.data.stderr);
  return run.data.exitCode;
}
