import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'platform-api.lock';

/** The embedded data directory is open in another process (or twice in this one). */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

/**
 * Takes the embedded database's lock: PGlite serves one connection and does not guard its data
 * directory, so a second process opening it (say `platform-api users create` while `start` runs)
 * would corrupt it. A lock left by a process that died is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && isAlive(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is open in process ${owner}${owner === process.pid ? ' (this one)' : ' (a running `platform-api start`?)'}, ` +
            'and it serves one process at a time. Stop that server (Ctrl-C in its terminal), run this command, then start it again; ' +
            'or use PostgreSQL (DATABASE_URL) to run any command while the server runs.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dataDir}: another process keeps taking it.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
