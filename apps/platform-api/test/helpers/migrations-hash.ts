import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../../src/config/package-root';

/** A short digest of every `migration.sql`, plus `extra`: templates keyed by it rebuild when a migration changes. */
export function migrationsHash(...extra: readonly string[]): string {
  const hash = createHash('sha256');
  const dir = migrationsDir();
  for (const folder of readdirSync(dir).sort()) {
    const file = path.join(dir, folder, 'migration.sql');
    if (existsSync(file)) hash.update(folder).update(readFileSync(file));
  }
  for (const part of extra) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}
