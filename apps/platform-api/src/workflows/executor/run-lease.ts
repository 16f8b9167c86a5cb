import type { AppContext } from '../../context';

/**
 * Extends the worker's lease on a run it still holds. False when the run is no longer its own
 * (the lease expired and another worker took the run over, or the run was finished): the worker
 * must stop working on it.
 */
export async function renewLease(
  context: AppContext,
  runId: string,
  workerId: string,
  leaseMs: number,
): Promise<boolean> {
  const count = await context.prisma.$executeRaw`
    UPDATE "WorkflowRun" SET "leaseUntil" = now() + ${leaseMs}::int * interval '1 millisecond'
    WHERE id = ${runId}::uuid AND "claimedBy" = ${workerId} AND status = 'Running'`;
  return count === 1;
}

/**
 * Hands a run the worker holds back to the queue (a stop that could not wait for it): any worker
 * may claim it at once instead of after its lease. Its claim still counts as an attempt.
 */
export async function releaseRun(context: AppContext, runId: string, workerId: string): Promise<void> {
  await context.prisma.$executeRaw`
    UPDATE "WorkflowRun" SET status = 'Queued', "claimedBy" = NULL, "leaseUntil" = NULL
    WHERE id = ${runId}::uuid AND "claimedBy" = ${workerId} AND status = 'Running'`;
}

/**
 * Renews the lease every third of it while `work` runs; aborts `controller` when the lease is lost.
 * A failed renewal (database unreachable) is retried at the next beat: the lease still has time.
 */
export function startHeartbeat(
  context: AppContext,
  run: { readonly runId: string; readonly workerId: string; readonly leaseMs: number },
  controller: AbortController,
): () => void {
  const timer = setInterval(
    () => {
      renewLease(context, run.runId, run.workerId, run.leaseMs).then(
        (isHeld) => {
          if (!isHeld && !controller.signal.aborted) {
            context.logger.warn({ runId: run.runId }, 'workflow run lease lost: another worker owns the run now');
            controller.abort(new LeaseLostError(`The lease on run ${run.runId} was lost.`));
          }
        },
        (error: unknown) =>
          context.logger.warn({ err: error, runId: run.runId }, 'could not renew a workflow run lease'),
      );
    },
    Math.max(Math.floor(run.leaseMs / 3), 10),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** The worker no longer holds the run: it stops without writing anything more. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}
