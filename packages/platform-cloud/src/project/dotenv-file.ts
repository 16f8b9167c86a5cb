import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The variables of `<directory>/.env` (empty when there is none), parsed as Node's `--env-file` does. */
export async function readDotenv(directory: string): Promise<Readonly<Record<string, string>>> {
  let text: string;
  try {
    text = await readFile(path.join(directory, '.env'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseEnv(text))) if (value !== undefined) variables[name] = value;
  return variables;
}

/** A `.env` line `NAME=value`, quoted when the value needs it. */
export function dotenvLine(name: string, value: string): string {
  return /^[\w.:/@+-]*$/.test(value) ? `${name}=${value}` : `${name}=${JSON.stringify(value)}`;
}
