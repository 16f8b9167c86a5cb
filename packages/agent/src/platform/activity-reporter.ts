import type { Logger } from '@platform/datasource-toolkit';
import { type ActivityEntry, MAX_ACTIVITY_ENTRIES } from '@platform/platform-contract';
import { PlatformBreaker } from './platform-breaker';

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
  /**
   * Spaces the attempts while the platform does not take a batch (exponential back-off with
   * jitter, 0.5–1 s doubling to 2.5–5 s by default: short, since a batch answered 401 is how a
   * refused secret is noticed within seconds); the final flush at close always tries once.
   */
  readonly breaker?: PlatformBreaker;
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
 * because of it: a batch the platform does not take stays queued (bounded by `maxPending`) and
 * the next attempt waits for a growing back-off; the failure, and entries dropped meanwhile, are
 * logged once until a batch goes through.
 */
export function createActivityReporter(options: ActivityReporterOptions): ActivityReporter {
  const { send, logger } = options;
  const batchSize = options.batchSize ?? MAX_ACTIVITY_ENTRIES;
  const maxPending = options.maxPending ?? 10_000;
  let pending: ActivityEntry[] = [];
  let flushing: Promise<void> | undefined;
  let isFailing = false;
  let droppedWhileFailing = 0;
  const breaker = options.breaker ?? new PlatformBreaker({ initialDelayMs: 1_000, maxDelayMs: 5_000 });
  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? 1_000);
  timer.unref();

  // Sends the entries queued when it starts, not those arriving meanwhile: under load, chasing them
  // would turn the batches into a stream of tiny requests.
  const sendQueued = async (isFinal: boolean): Promise<void> => {
    let remaining = pending.length;
    while (remaining > 0) {
      const batch = pending.slice(0, Math.min(remaining, MAX_ACTIVITY_ENTRIES));
      try {
        await (isFinal ? send(batch) : breaker.execute(() => send(batch)));
      } catch (error) {
        if (!isFailing)
          logger('Warn', `Activity not reported yet (kept for the next attempt): ${(error as Error).message}`);
        isFailing = true;
        return;
      }
      pending = pending.slice(batch.length);
      remaining -= batch.length;
      if (isFailing) {
        const dropped = droppedWhileFailing > 0 ? ` (${droppedWhileFailing} entries were dropped meanwhile)` : '';
        logger('Info', `Activity reported to the platform again${dropped}.`);
      }
      isFailing = false;
      droppedWhileFailing = 0;
    }
  };

  const flush = (isFinal = false): Promise<void> => {
    flushing ??= sendQueued(isFinal).finally(() => {
      flushing = undefined;
      if (!isFailing && pending.length >= batchSize) void flush();
    });

    return flushing;
  };

  return {
    record(entry) {
      pending.push(entry);
      if (pending.length > maxPending) {
        pending = pending.slice(pending.length - maxPending);
        if (droppedWhileFailing === 0) {
          logger('Warn', `Activity entries are being dropped: ${maxPending} wait and the platform has not taken them.`);
        }
        droppedWhileFailing += 1;
      }
      if (pending.length >= batchSize && flushing === undefined && !isFailing) void flush();
    },
    flush: () => flush(),
    async close() {
      clearInterval(timer);
      await flushing;
      await flush(true);
    },
  };
}
