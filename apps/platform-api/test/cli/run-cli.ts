import type { CliIo } from '../../src/cli/cli-context';
import { runCli } from '../../src/cli/program';

export interface CliRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout parsed as JSON (for `--json` runs). */
  json<T = unknown>(): T;
}

/**
 * Runs the `platform-api` program in-process with `env` as its whole environment, on the database
 * `openDatabase` hands over (the one `env` configures when omitted), as if run from `cwd`.
 */
export async function runCliCaptured(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = {},
  openDatabase?: CliIo['openDatabase'],
  cwd?: string,
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const { exitCode } = await runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: { PLATFORM_LOG_LEVEL: 'silent', ...env },
    openDatabase,
    ...(cwd === undefined ? {} : { cwd }),
  });
  return { exitCode, stdout, stderr, json: <T>() => JSON.parse(stdout) as T };
}
