import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { generateTypings, type TypingsSource } from './generate-typings';

/**
 * Writes the typings of `source` to `path` (creating its folder) unless the file already holds
 * exactly them, so editors and watchers only see real changes. Returns whether it wrote.
 */
export async function writeTypings(source: TypingsSource, path: string, maxDepth: number): Promise<boolean> {
  const content = generateTypings(source, maxDepth);
  const current = await readFile(path, 'utf8').catch(() => undefined);
  if (current === content) return false;

  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content, 'utf8');
  return true;
}
