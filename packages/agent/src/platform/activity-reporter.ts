import type { Logger } from '@platform/datasource-toolkit';
import { type ActivityEntry, MAX_ACTIVITY_ENTRIES } from '@platform/platform-contract';

export interface ActivityReporterOptions {
  /** Sends one batch (at most `MAX_ACTIVITY_ENTRIES`) to the platform. */
  readonly send: (entries: ActivityEntry[]) => Promise<void>;
  readonly logger: Logger;
  /** Entries waiting that trigger a flush at once; default `MAX_ACTIVITY_ENTRIES` (500). */
  readonly batchSize?: number;
  /** Longest wait before entries are sent; default 1 s. */
  readonly flushIntervalMs?: number;
  /** Entries kept while the platform does not answer, oldest dropped first; default 10 000. */
  readonly maxPending?: number;
}

export interface ActivityReporter {
  /** Queues an entry; never throws, never waits on the platform. */
  record(entry: ActivityEntry): void;
  /** Sends what is queued now. Never rejects: failures are logged. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/**
 * Reports reads and writes to the platform's activity log in batches: when `batchSize` entries
 * wait, every `flushIntervalMs`, and at close. A user's request never waits for it nor fails
 * because of it: a batch the platform does not take stays queued for the next flush (bounded by
 * `maxPending`), and the failure is logged once until a batch goes through.
 */
export function createActivityReporter(options: ActivityReporterOptions): ActivityReporter {
  const { send, logger } = options;
  const batchSize = options.batchSize ?? MAX_ACTIVITY_ENTRIES;
  const maxPending = options.maxPending ?? 10_000;
  let pending: ActivityEntry[] = [];
  let flushing: Promise<void> | undefined;
  let isFailing = false;
  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? 1_000);
  timer.unref();

  // Sends the entries queued when it starts, not those arriving meanwhile: under load, chasing them
  // would turn the batches into a stream of tiny requests.
  const sendQueued = async (): Promise<void> => {
    let remaining = pending.length;
    while (remaining > 0) {
      const batch = pending.slice(0, Math.min(remaining, MAX_ACTIVITY_ENTRIES));
      try {
        await send(batch);
      } catch (error) {
        if (!isFailing)
          logger('Warn', `Activity not reported yet (kept for the next attempt): ${(error as Error).message}`);
        isFailing = true;
        return;
      }
      pending = pending.slice(batch.length);
      remaining -= batch.length;
      if (isFailing) logger('Info', 'Activity reported to the platform again.');
      isFailing = false;
    }
  };

  const flush = (): Promise<void> => {
    flushing ??= sendQueued().finally(() => {
      flushing = undefined;
      if (!isFailing && pending.length >= batchSize) void flush();
    });

    return flushing;
  };

  return {
    record(entry) {
      pending.push(entry);
      if (pending.length > maxPending) {
        const dropped = pending.length - maxPending;
        pending = pending.slice(dropped);
        logger('Warn', `${dropped} activity entries dropped: the platform has not taken them.`);
      }
      if (pending.length >= batchSize && flushing === undefined && !isFailing) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flushing;
      await flush();
    },
  };
}
