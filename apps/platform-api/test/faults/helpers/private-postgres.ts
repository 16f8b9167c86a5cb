import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { applyMigrations } from '../../../src/db/migrator/migrator';
import { freePort } from '../../helpers/free-port';

/**
 * A PostgreSQL server of the test's own, in a temporary directory, made with the machine's
 * installed binaries (`initdb`, `pg_ctl`): a test may stop it and start it again, which it must
 * never do to the shared server other suites use. PostgreSQL refuses to run as root: as root, its
 * commands run as the `postgres` user (`runuser`).
 */
export interface PrivatePostgres {
  readonly port: number;
  /** A URL of `database` on this server. */
  url(database?: string): string;
  /** Creates `name` and applies platform-api's migrations to it; returns its URL. */
  createMigratedDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m fast`: sessions are ended (57P01), new connections refused until `start()`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

const OWNER = 'postgres';

/** Why a private PostgreSQL cannot run here, or undefined when it can. */
export function privatePostgresUnavailableReason(): string | undefined {
  if (!postgresBinDir()) return 'no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', OWNER], { stdio: 'ignore' });
    } catch {
      return `running as root without a '${OWNER}' user to run PostgreSQL as`;
    }
  }
  return undefined;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error(privatePostgresUnavailableReason());
  const isRoot = process.getuid?.() === 0;
  // Asynchronous: the platform-api under test may share this process's event loop.
  const run = async (command: string, args: readonly string[]) => {
    const [file, argv] = isRoot
      ? ['runuser', ['-u', OWNER, '--', path.join(binDir, command), ...args]]
      : [path.join(binDir, command), [...args]];
    await promisify(execFile)(file, argv);
  };

  const directory = mkdtempSync(path.join(tmpdir(), 'platform-faults-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', OWNER]).toString());
    const gid = Number(execFileSync('id', ['-g', OWNER]).toString());
    chownSync(directory, uid, gid);
  }
  const dataDir = path.join(directory, 'data');
  const port = await freePort();
  await run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const serverOptions = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', path.join(directory, 'log'), '-w', 'start']);
  const stop = (mode: 'fast' | 'immediate') => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  await start();

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let isRunning = true;
  return {
    port,
    url,
    async createMigratedDatabase(name) {
      const admin = new Client({ connectionString: url() });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
      await applyMigrations({ databaseUrl: url(name) });
      return url(name);
    },
    async stop() {
      await stop('fast');
      isRunning = false;
    },
    async start() {
      await start();
      isRunning = true;
    },
    async close() {
      if (isRunning) await stop('immediate');
      isRunning = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The newest installed PostgreSQL's bin directory, in Debian's layout. */
function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], 'bin');
}
