import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../../context';
import { listenChannel } from '../../db/listen-channel';
import { createOutageLog } from '../../db/outage-log';
import { type ClaimedRun, claimRuns, failAbandonedRuns } from './claim-runs';
import { executeRun } from './execute-run';
import { releaseRun, startHeartbeat } from './run-lease';
import { RUN_QUEUED_CHANNEL } from './run-signal';
import type { WorkerOptions } from './worker-options';

export interface WorkflowWorker {
  /** Written to the runs it claims (`claimedBy`). */
  readonly id: string;
  /** Listens for queued runs, polls, and claims what it can execute. */
  start(): Promise<void>;
  /**
   * Claims nothing more and waits for the runs it executes, up to `timeoutMs`; those still running
   * then are aborted and handed back to the queue for any worker.
   */
  stop(options?: { readonly timeoutMs?: number }): Promise<void>;
}

/**
 * A worker executing workflow runs, at most `concurrency` at once. It looks for runs when a run is
 * queued (NOTIFY on RUN_QUEUED_CHANNEL, from any instance), when one of its runs ends, and every
 * `pollIntervalMs` (which also catches runs whose worker vanished, once their lease expired).
 *
 * @example const worker = createWorkflowWorker(context, workerOptionsFromConfig(config)); await worker.start();
 */
export function createWorkflowWorker(context: AppContext, options: WorkerOptions): WorkflowWorker {
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const active = new Map<string, { readonly controller: AbortController; readonly done: Promise<void> }>();
  let isRunning = false;
  let isPumping = false;
  let isPumpAsked = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  // Claims fail at every poll while the database is down: one line when it starts, one per 30 s.
  const claimOutage = createOutageLog(context.logger, {
    message: 'could not claim workflow runs: trying again at each poll',
    recoveredMessage: 'claiming workflow runs again',
  });

  const execute = (run: ClaimedRun) => {
    const controller = new AbortController();
    const stopHeartbeat = startHeartbeat(
      context,
      { runId: run.id, workerId: id, leaseMs: options.leaseMs },
      controller,
    );
    const done = executeRun(context, run, {
      ...options,
      workerId: id,
      signal: controller.signal,
      fetch: options.fetch ?? fetch,
    })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) context.logger.error({ err: error, runId: run.id }, 'workflow run crashed');
      })
      .finally(() => {
        stopHeartbeat();
        active.delete(run.id);
        pump();
      });
    active.set(run.id, { controller, done });
  };

  // One claim at a time per worker; a wake-up during a claim runs one more round after it.
  const pump = (): void => {
    if (!isRunning) return;
    if (isPumping) {
      isPumpAsked = true;
      return;
    }
    isPumping = true;
    void (async () => {
      try {
        do {
          isPumpAsked = false;
          const free = options.concurrency - active.size;
          if (free <= 0 || !isRunning) break;
          const executing = [...active.keys()];
          await failAbandonedRuns(context, { maxAttempts: options.maxAttempts, limit: free, executing });
          const runs = await claimRuns(context, {
            workerId: id,
            limit: free,
            leaseMs: options.leaseMs,
            maxAttempts: options.maxAttempts,
            executing,
          });
          claimOutage.recovered();
          for (const run of runs) execute(run);
          if (runs.length === free) isPumpAsked = true;
        } while (isPumpAsked && isRunning);
      } catch (error) {
        claimOutage.failed(error);
      } finally {
        isPumping = false;
      }
    })();
  };

  const listen = async () => {
    try {
      unlisten = await listenChannel(context.prisma, RUN_QUEUED_CHANNEL, {
        onNotification: pump,
        onLost: (error) => {
          context.logger.warn({ err: error }, 'lost the workflow runs LISTEN connection: polling until it is back');
          unlisten = undefined;
        },
      });
    } catch (error) {
      context.logger.warn({ err: error }, 'could not LISTEN for workflow runs: polling only');
    }
  };

  return {
    id,
    async start() {
      if (isRunning) return;
      isRunning = true;
      await listen();
      timer = setInterval(() => {
        if (!unlisten) void listen();
        pump();
      }, options.pollIntervalMs);
      pump();
      context.logger.info({ workerId: id, concurrency: options.concurrency }, 'workflow worker started');
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      if (!isRunning) return;
      isRunning = false;
      clearInterval(timer);
      await unlisten?.();
      unlisten = undefined;
      const finished = Promise.all([...active.values()].map((run) => run.done));
      let timeout: NodeJS.Timeout | undefined;
      const isTimedOut = await Promise.race([
        finished.then(() => false),
        new Promise<boolean>((resolve) => {
          timeout = setTimeout(() => resolve(true), timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
      if (isTimedOut) {
        const left = [...active.entries()];
        for (const [, run] of left) run.controller.abort(new Error('The workflow worker is stopping.'));
        await Promise.all(left.map(([, run]) => run.done));
        await Promise.all(left.map(([runId]) => releaseRun(context, runId, id).catch(() => {})));
      }
      context.logger.info({ workerId: id }, 'workflow worker stopped');
    },
  };
}
