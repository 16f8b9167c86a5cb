import type { CliIo } from './cli-io';

/** A step shorter than this prints nothing: progress is for the steps a user would wait on. */
const QUIET_MS = 1_000;
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * What a command prints. The result goes to stdout (one JSON line with `--json`, else text);
 * progress and notes go to stderr, so stdout stays the result alone.
 */
export interface Output {
  readonly isJson: boolean;
  /** The command's result: `json` as one line with `--json`, else `text`. */
  result(json: unknown, text: string): void;
  /** A note for the person at the terminal (stderr), also with `--json`. */
  note(text: string): void;
  /**
   * Runs `work`; once it takes more than a second, shows `label` on stderr: a spinner on a
   * terminal, else one plain line, then how it ended.
   */
  step<T>(label: string, work: () => Promise<T>): Promise<T>;
}

export function createOutput(io: CliIo, isJson: boolean): Output {
  return {
    isJson,
    result(json, text) {
      io.stdout(isJson ? `${JSON.stringify(json)}\n` : `${text}\n`);
    },
    note(text) {
      io.stderr(`${text}\n`);
    },
    step: (label, work) => runStep(io, label, work),
  };
}

async function runStep<T>(io: CliIo, label: string, work: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  let spinner: NodeJS.Timeout | undefined;
  let isShown = false;
  const reveal = setTimeout(() => {
    isShown = true;
    if (!io.isInteractive) {
      io.stderr(`${label}…\n`);
      return;
    }
    let frame = 0;
    const draw = () => io.stderr(`\r${FRAMES[frame++ % FRAMES.length]} ${label}…`);
    draw();
    spinner = setInterval(draw, 80);
  }, QUIET_MS);

  const finish = (mark: string) => {
    clearTimeout(reveal);
    clearInterval(spinner);
    if (!isShown) return;
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    io.stderr(io.isInteractive ? `\r\x1b[K${mark} ${label} (${seconds} s)\n` : `${label}: ${mark} (${seconds} s)\n`);
  };
  try {
    const value = await work();
    finish(io.isInteractive ? '✔' : 'done');
    return value;
  } catch (error) {
    finish(io.isInteractive ? '✖' : 'failed');
    throw error;
  }
}
