import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../../src/config/package-root';
import { FAULT_TEST_ENV } from './fault-platform';

const root = packageRoot();

/**
 * The built `platform-api` bin. These tests run it as it ships and never build it themselves:
 * another suite runs dist/cli.cjs meanwhile, and a build deletes it first.
 */
export function builtBin(): string {
  if (!existsSync(path.join(root, 'dist', 'cli.cjs'))) {
    throw new Error(
      'apps/platform-api/dist/cli.cjs is missing: build it first (`pnpm --filter @platform/platform-api build`); the fault tests run the built bin and do not build it.',
    );
  }
  return path.join(root, 'bin', 'platform-api.cjs');
}

/** `platform-api start --json` in a child process, listening. */
export interface PlatformProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything it wrote so far, stdout and stderr, for failure messages. */
  output(): string;
  /** Sends `signal`; resolves with the exit code (null when killed by the signal). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

/** Starts `platform-api start --json` with FAULT_TEST_ENV and `env`; resolves once it listens. */
export async function spawnPlatform(env: Readonly<Record<string, string>>): Promise<PlatformProcess> {
  const { NODE_OPTIONS: _nodeOptions, DATABASE_URL: _databaseUrl, ...inherited } = process.env;
  const child = spawn(process.execPath, [builtBin(), 'start', '--json'], {
    env: { ...inherited, ...FAULT_TEST_ENV, PLATFORM_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{"status":"listening"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    void exited.then((code) => reject(new Error(`platform-api start exited with ${code}:\n${output}`)));
  });
  return {
    child,
    url,
    output: () => output,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
