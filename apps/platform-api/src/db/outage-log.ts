import type { Logger } from 'pino';

export interface OutageLogOptions {
  /** Logged at Warn with the error when failures start, then at most once per `everyMs`. */
  readonly message: string;
  /** Logged at Info by `recovered()` after failures. */
  readonly recoveredMessage?: string;
  /** Shortest time between two Warn lines of one outage; default 30 s. */
  readonly everyMs?: number;
  readonly now?: () => number;
}

export interface OutageLog {
  /** One more failure: logged if it starts an outage or `everyMs` passed since the last line. */
  failed(error: unknown): void;
  /** The thing works again: one Info line if failures were logged. */
  recovered(): void;
}

/**
 * Logs a failure that repeats (the database down: every poll, every request) once when it starts,
 * then once per `everyMs` with the count since, instead of once per occurrence.
 */
export function createOutageLog(logger: Logger, options: OutageLogOptions): OutageLog {
  const everyMs = options.everyMs ?? 30_000;
  const now = options.now ?? Date.now;
  let lastLoggedAt: number | undefined;
  let unlogged = 0;
  let total = 0;

  return {
    failed(error) {
      total += 1;
      const at = now();
      if (lastLoggedAt !== undefined && at - lastLoggedAt < everyMs) {
        unlogged += 1;
        return;
      }
      const since = unlogged > 0 ? { failuresSinceLastLine: unlogged } : {};
      logger.warn({ err: error, ...since }, options.message);
      lastLoggedAt = at;
      unlogged = 0;
    },
    recovered() {
      if (lastLoggedAt === undefined) return;
      if (options.recoveredMessage) logger.info({ failures: total }, options.recoveredMessage);
      lastLoggedAt = undefined;
      unlogged = 0;
      total = 0;
    },
  };
}
