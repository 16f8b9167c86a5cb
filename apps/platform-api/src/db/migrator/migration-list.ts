import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MigrationList } from '@prisma/schema-engine-wasm';

const LOCKFILE = 'migration_lock.toml';

/** Reads `prisma/migrations` the way the Prisma CLI does: one folder per migration, in name order. */
export async function readMigrationList(baseDir: string): Promise<MigrationList> {
  const entries = existsSync(baseDir) ? await readdir(baseDir, { withFileTypes: true }) : [];
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const lockfilePath = path.join(baseDir, LOCKFILE);

  return {
    baseDir,
    lockfile: { path: LOCKFILE, content: existsSync(lockfilePath) ? await readFile(lockfilePath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      folders.map(async (folder) => ({
        path: folder,
        migrationFile: {
          path: 'migration.sql',
          content: await readFile(path.join(baseDir, folder, 'migration.sql'), 'utf8').then(
            (value) => ({ tag: 'ok' as const, value }),
            (error: unknown) => ({ tag: 'error' as const, value: String(error) }),
          ),
        },
      })),
    ),
  };
}
