import { z } from 'zod';
import type { AppContext } from '../../context';

const claimedRunsSchema = z.array(
  z.object({
    id: z.string(),
    workflowId: z.number().int(),
    recordId: z.string(),
    userId: z.number().int(),
    definition: z.unknown(),
    attempts: z.number().int(),
  }),
);

/** A run this worker now holds (status Running, `claimedBy` = the worker, a fresh lease). */
export type ClaimedRun = z.infer<typeof claimedRunsSchema>[number];

export interface ClaimOptions {
  readonly workerId: string;
  readonly limit: number;
  readonly leaseMs: number;
  readonly maxAttempts: number;
  /**
   * Runs the worker is still executing: never claimed again by it, even once their lease expired
   * (a database outage kept the heartbeat from renewing it), or it would execute them twice at once.
   */
  readonly executing?: readonly string[];
}

/**
 * Claims up to `limit` runs, oldest first: queued ones, and running ones whose lease expired (their
 * worker stopped) with attempts left. `SKIP LOCKED` lets any number of workers claim at once
 * without waiting on each other or taking the same run. Lease times are the database's clock, so
 * instances with drifting clocks still agree on when a lease ends.
 */
export async function claimRuns(context: AppContext, options: ClaimOptions): Promise<ClaimedRun[]> {
  const rows = await context.prisma.$queryRaw<unknown[]>`
    UPDATE "WorkflowRun" SET
      status = 'Running',
      "claimedBy" = ${options.workerId},
      "leaseUntil" = now() + ${options.leaseMs}::int * interval '1 millisecond',
      attempts = attempts + 1,
      "startedAt" = COALESCE("startedAt", ${context.now()})
    WHERE id IN (
      SELECT id FROM "WorkflowRun"
      WHERE (status = 'Queued'
         OR (status = 'Running' AND "leaseUntil" < now() AND attempts < ${options.maxAttempts}::int))
        AND NOT (id = ANY(${[...(options.executing ?? [])]}::uuid[]))
      ORDER BY "createdAt"
      LIMIT ${options.limit}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id::text AS id, "workflowId", "recordId", "userId", definition, attempts`;
  return claimedRunsSchema.parse(rows);
}

/**
 * Fails the runs whose lease expired after their last allowed attempt: their workers kept
 * vanishing (a crash on this run, say), so they are not claimed again. Their unfinished steps are
 * failed (the one running) or skipped. Returns how many runs were failed.
 */
export async function failAbandonedRuns(
  context: AppContext,
  options: Pick<ClaimOptions, 'maxAttempts' | 'limit' | 'executing'>,
): Promise<number> {
  const now = context.now();
  const message =
    `The run was abandoned: its worker stopped before finishing it, ${options.maxAttempts} time(s) ` +
    '(PLATFORM_WORKFLOW_MAX_ATTEMPTS); it is not retried again.';
  const rows = await context.prisma.$queryRaw<Array<{ id: string }>>`
    WITH abandoned AS (
      UPDATE "WorkflowRun" SET
        status = 'Failed', error = ${message}, "finishedAt" = ${now},
        "activeRecordId" = NULL, "leaseUntil" = NULL
      WHERE id IN (
        SELECT id FROM "WorkflowRun"
        WHERE status = 'Running' AND "leaseUntil" < now() AND attempts >= ${options.maxAttempts}::int
          AND NOT (id = ANY(${[...(options.executing ?? [])]}::uuid[]))
        LIMIT ${options.limit}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id
    ), steps AS (
      UPDATE "WorkflowRunStep" AS step SET
        status = (CASE WHEN step.status = 'Running' THEN 'Failed' ELSE 'Skipped' END)::"StepStatus",
        error = CASE WHEN step.status = 'Running' THEN ${message} ELSE NULL END,
        "finishedAt" = ${now}
      FROM abandoned
      WHERE step."runId" = abandoned.id AND step.status IN ('Pending', 'Running')
    )
    SELECT id::text AS id FROM abandoned`;
  return rows.length;
}
