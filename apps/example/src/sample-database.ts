import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { generateSampleDatabase } from './sample-data/generate-sample-database';
import { SAMPLE_SCHEMA_VERSION } from './sample-data/sample-schema';

export { SAMPLE_PAID_ORDER_ID, SAMPLE_SIZES } from './sample-data/generate-sample-database';
export { SAMPLE_SCHEMA_VERSION } from './sample-data/sample-schema';

/** The sample database file, and what `ensureSampleDatabase` did to it. */
export interface SampleDatabase {
  readonly file: string;
  /** `kept`: the file was there, of the current version; `created`: it was not there; `replaced`: see `setAsideFile`. */
  readonly outcome: 'kept' | 'created' | 'replaced';
  /** A file of another sample version, renamed to this path before a new sample was generated. */
  readonly setAsideFile?: string;
  /** How long the generation took, when there was one. */
  readonly generationMs?: number;
}

/**
 * Makes sure `<dataDir>/example.sqlite` holds the current sample. A file of the current version
 * (`PRAGMA user_version`) is kept as it is, so edits made through the agent stay. A file of another
 * version (such as the first sample, customers and orders only) is renamed
 * `example.v<version>.sqlite.bak` and a new sample generated in its place.
 */
export function ensureSampleDatabase(dataDir: string): SampleDatabase {
  const file = path.join(dataDir, 'example.sqlite');
  let setAsideFile: string | undefined;
  if (existsSync(file)) {
    const version = readSchemaVersion(file);
    if (version === SAMPLE_SCHEMA_VERSION) return { file, outcome: 'kept' };
    setAsideFile = path.join(dataDir, `example.v${version}.sqlite.bak`);
    renameSync(file, setAsideFile);
  }

  mkdirSync(dataDir, { recursive: true });
  // Written aside, then renamed: an interrupted generation never leaves a file that looks complete.
  const partial = `${file}.${process.pid}.partial`;
  rmSync(partial, { force: true });
  const startedAt = performance.now();
  try {
    generateSampleDatabase(partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const generationMs = Math.round(performance.now() - startedAt);

  return setAsideFile === undefined
    ? { file, outcome: 'created', generationMs }
    : { file, outcome: 'replaced', setAsideFile, generationMs };
}

function readSchemaVersion(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return Number(db.pragma('user_version', { simple: true }));
  } finally {
    db.close();
  }
}
