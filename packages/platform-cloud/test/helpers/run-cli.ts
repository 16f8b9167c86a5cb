import { run } from '../../src';

export interface CliRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout as JSON (runs with `--json`). */
  json<T = Record<string, unknown>>(): T;
}

export interface CliRunOptions {
  readonly cwd: string;
  /** The whole environment of the run (nothing of the test process's leaks in). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Called with each stderr write as it happens (login's URL, before the run ends). */
  readonly onStderr?: (text: string) => void;
  readonly signal?: AbortSignal;
}

/** Runs `platform-cloud <argv>` in-process, capturing its output. */
export async function runCli(argv: readonly string[], options: CliRunOptions): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const exitCode = await run(argv, {
    cwd: options.cwd,
    env: options.env,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
      options.onStderr?.(text);
    },
    isInteractive: false,
    signal: options.signal,
  });
  return { exitCode, stdout, stderr, json: <T>() => JSON.parse(stdout) as T };
}
