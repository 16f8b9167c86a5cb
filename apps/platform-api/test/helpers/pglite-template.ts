import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from '../../src/db/migrator/migrator';
import { migrationsDir } from '../../src/db/package-root';

/** Set by test/global-setup.ts for the test workers. */
export const TEMPLATE_ENV = 'PLATFORM_PGLITE_TEMPLATE';

/**
 * A migrated PGlite data directory, dumped as a tarball in the OS temp dir and keyed by the
 * migrations' content: built once (≈3 s) and reused by every later jest run until a migration
 * changes. Test files clone it with `new PGlite({ loadDataDir })` (≈0.5 s).
 */
export async function ensurePGliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), 'platform-api-pglite', `template-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;

  const pglite = await PGlite.create();
  try {
    await applyMigrations({ pglite });
    const dump = await pglite.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then renamed, so concurrent jest runs never read a half-written template.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await pglite.close();
  }
  return file;
}

/** Opens an in-memory PGlite holding a copy of the migrated template. */
export async function clonePGliteTemplate(): Promise<PGlite> {
  const file = process.env[TEMPLATE_ENV] ?? (await ensurePGliteTemplate());
  return PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const dir = migrationsDir();
  for (const folder of readdirSync(dir).sort()) {
    const file = path.join(dir, folder, 'migration.sql');
    if (existsSync(file)) hash.update(folder).update(readFileSync(file));
  }
  // The installed PGlite's path carries its version (pnpm store layout): a new PGlite, a new template.
  return hash.update(require.resolve('@electric-sql/pglite')).digest('hex').slice(0, 16);
}
