import { type LogLine, MAX_LOG_LINES } from '@platform/platform-contract';
import { type Command, InvalidArgumentError } from 'commander';
import type { CliIo } from '../cli/cli-io';
import { type CommonOptions, openProjectSession, outputOf, withCommonOptions } from './command-context';

/** How often `logs --follow` asks for new lines. */
const FOLLOW_POLL_MS = 2_000;

interface LogsOptions extends CommonOptions {
  readonly follow?: boolean;
  readonly limit: number;
}

export function registerLogs(program: Command, io: CliIo): void {
  withCommonOptions(
    program
      .command('logs')
      .description("Print the hosted agent's recent log lines (with --json: one JSON object per line)")
      .option('-f, --follow', 'keep printing new lines until interrupted')
      .option('-n, --limit <n>', `how many recent lines (1-${MAX_LOG_LINES})`, parseLimit, 100),
  ).action(async (options: LogsOptions) => {
    const output = outputOf(io, options);
    const { api, environment } = await openProjectSession(io, options, output);
    const print = (line: LogLine) =>
      io.stdout(output.isJson ? `${JSON.stringify(line)}\n` : `${line.at} [${line.level}] ${line.message}\n`);

    let page = await api.logs(environment.id, { limit: options.limit });
    page.lines.forEach(print);
    while (options.follow && !io.signal?.aborted) {
      await sleep(FOLLOW_POLL_MS, io.signal);
      if (io.signal?.aborted) break;
      page = await api.logs(environment.id, { after: page.next, limit: MAX_LOG_LINES });
      page.lines.forEach(print);
    }
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LOG_LINES) {
    throw new InvalidArgumentError(`expected 1 to ${MAX_LOG_LINES}`);
  }
  return limit;
}
