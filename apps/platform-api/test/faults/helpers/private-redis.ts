import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/free-port';

/**
 * A `redis-server` of the test's own on a free port, its directory temporary and nothing saved:
 * a test may stop it and start it again on the same port, which it must never do to the shared one.
 */
export interface PrivateRedis {
  readonly url: string;
  /** SIGTERM, then waits for the exit: connections are closed, new ones refused until `start()`. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

/** Why a private Redis cannot run here, or undefined when it can. */
export function privateRedisUnavailableReason(): string | undefined {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'no redis-server on the PATH';
  }
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const directory = mkdtempSync(path.join(tmpdir(), 'platform-faults-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', directory, '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = server;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    });
  };
  const stop = async () => {
    const server = child;
    child = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  };
  await start();

  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
