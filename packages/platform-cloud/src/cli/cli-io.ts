/** Where a run of the CLI reads and writes: the process's by default, a test's own in tests. */
export interface CliIo {
  /** The working directory: the customization project for `update-typings`, `build`, `publish`, `logs`. */
  readonly cwd: string;
  /** The environment variables (HOME, XDG_CONFIG_HOME, APPDATA, PLATFORM_URL, PLATFORM_ENV_SECRET). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** stderr is a terminal: progress animates a spinner; otherwise it prints plain lines. */
  readonly isInteractive?: boolean;
  /** Stops `login`'s polling and `logs --follow` (Ctrl-C in the bin). */
  readonly signal?: AbortSignal;
}

/** The process's own input and output. */
export function processIo(): CliIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isInteractive: process.stderr.isTTY === true,
  };
}
