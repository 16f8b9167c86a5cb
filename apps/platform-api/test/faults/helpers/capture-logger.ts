import pino from 'pino';

/** One line a captured logger wrote, parsed. */
export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly time: number;
  readonly [field: string]: unknown;
}

export interface CapturedLogger {
  readonly logger: pino.Logger;
  readonly lines: LogLine[];
  /** The lines whose message matches `pattern`. */
  matching(pattern: RegExp): LogLine[];
}

/** A pino logger whose lines are kept, parsed, for a test to count. */
export function captureLogger(level: pino.LevelWithSilent = 'info'): CapturedLogger {
  const lines: LogLine[] = [];
  const destination = { write: (chunk: string) => void lines.push(JSON.parse(chunk) as LogLine) };
  return {
    logger: pino({ level }, destination),
    lines,
    matching: (pattern) => lines.filter((line) => pattern.test(line.msg)),
  };
}
