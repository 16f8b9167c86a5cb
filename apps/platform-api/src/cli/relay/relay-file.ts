import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const RELAY_FILE = 'platform-api.relay.json';

/** Where a running server takes the CLI commands of other processes, and the secret they must give. */
export interface RelayAddress {
  readonly pid: number;
  readonly url: string;
  readonly secret: string;
}

const relayAddressSchema = z.object({ pid: z.number().int().positive(), url: z.url(), secret: z.string().min(32) });

export function newRelaySecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Written by `start` beside the embedded database it holds, readable by its owner only: whoever can
 * read it can read the database files anyway. Returns the function that removes it.
 */
export function writeRelayFile(dataDir: string, address: RelayAddress): () => void {
  const file = path.join(dataDir, RELAY_FILE);
  writeFileSync(file, JSON.stringify(address), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The relay of the server holding `dataDir`, or undefined when there is none (or it is unreadable). */
export function readRelayFile(dataDir: string): RelayAddress | undefined {
  try {
    const parsed = relayAddressSchema.safeParse(JSON.parse(readFileSync(path.join(dataDir, RELAY_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
