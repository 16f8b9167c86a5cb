import { isLevelEnabled, type Logger, type LoggerLevel } from '@platform/datasource-toolkit';

/**
 * The agent's logger: the user's `logger` option, or one line per message on stdout (Debug,
 * Info) or stderr (Warn, Error), filtered at `level`. Everything the agent logs, including the
 * HTTP surface's per-request line, goes through it.
 */
export function createLogger(custom: Logger | undefined, level: LoggerLevel): Logger {
  const write = custom ?? writeLine;

  return function logger(messageLevel, message, error) {
    if (isLevelEnabled(messageLevel, level)) write(messageLevel, message, error);
  };
}

/** `2026-11-22T18:30:00.000Z [Info] message`, then the error's stack on the next lines. */
export function formatLogLine(level: LoggerLevel, message: string, error?: Error, now = new Date()): string {
  const line = `${now.toISOString()} [${level}] ${message}`;
  if (error === undefined) return line;

  return `${line}\n${error.stack ?? `${error.name}: ${error.message}`}`;
}

function writeLine(level: LoggerLevel, message: string, error?: Error): void {
  const stream = level === 'Warn' || level === 'Error' ? process.stderr : process.stdout;
  stream.write(`${formatLogLine(level, message, error)}\n`);
}
