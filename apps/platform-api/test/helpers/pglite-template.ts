import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from '../../src/db/migrator/migrator';
import { migrationsHash } from './migrations-hash';

/** Set by test/global-setup.ts for the test workers. */
export const TEMPLATE_ENV = 'PLATFORM_PGLITE_TEMPLATE';

/**
 * A migrated PGlite data directory, dumped as a tarball in the OS temp dir and keyed by the
 * migrations' content: built once and reused by every later jest run until a migration
 * changes. Test files clone it with `new PGlite({ loadDataDir })` (much faster than migrating).
 */
export async function ensurePGliteTemplate(): Promise<string> {
  // The installed PGlite's path carries its version (pnpm store layout): a new PGlite, a new template.
  const file = path.join(
    os.tmpdir(),
    'platform-api-pglite',
    `template-${migrationsHash(require.resolve('@electric-sql/pglite'))}.tar`,
  );
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

/** Writes a copy of the migrated template to the data directory `dataDir`, for code that opens it by path. */
export async function copyPGliteTemplateTo(dataDir: string): Promise<void> {
  const file = process.env[TEMPLATE_ENV] ?? (await ensurePGliteTemplate());
  await (await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(file)]) })).close();
}
