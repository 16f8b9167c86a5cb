import type { AppContext } from '../../context';
import { Prisma, type RunStatus } from '../../generated/prisma/client';

/**
 * The executor's writes to a run and its steps. Each one only applies while the worker still
 * holds the run (`claimedBy`, status Running): a worker that lost its lease to another cannot
 * overwrite what the new owner writes.
 */
export interface HeldRun {
  readonly runId: string;
  readonly workerId: string;
}

const held = (run: HeldRun) => ({ claimedBy: run.workerId, status: 'Running' as const });

export async function markStepRunning(context: AppContext, run: HeldRun, position: number): Promise<void> {
  await context.prisma.workflowRunStep.updateMany({
    where: { runId: run.runId, position, run: { is: held(run) } },
    data: { status: 'Running', startedAt: context.now(), finishedAt: null, error: null },
  });
}

export interface StepEnd {
  readonly status: 'Succeeded' | 'Failed';
  readonly attempts: number;
  readonly output?: Readonly<Record<string, unknown>>;
  readonly error?: string;
}

export async function finishStep(context: AppContext, run: HeldRun, position: number, end: StepEnd): Promise<void> {
  await context.prisma.workflowRunStep.updateMany({
    where: { runId: run.runId, position, run: { is: held(run) } },
    data: {
      status: end.status,
      attempts: { increment: end.attempts },
      output: end.output === undefined ? Prisma.DbNull : (end.output as Prisma.InputJsonObject),
      error: end.error ?? null,
      finishedAt: context.now(),
    },
  });
}

/** Skips the steps after `position` (a stop or a failure ends the run there). */
export async function skipStepsAfter(context: AppContext, run: HeldRun, position: number): Promise<void> {
  await context.prisma.workflowRunStep.updateMany({
    where: {
      runId: run.runId,
      position: { gt: position },
      status: { in: ['Pending', 'Running'] },
      run: { is: held(run) },
    },
    data: { status: 'Skipped', finishedAt: context.now() },
  });
}

export interface RunEnd {
  readonly status: Extract<RunStatus, 'Succeeded' | 'Failed'>;
  readonly error?: string;
  readonly output?: Readonly<Record<string, unknown>>;
}

/**
 * Ends the run: status, error, output, and `activeRecordId` cleared in the same update, which lets
 * a new run start on the record. False when the worker no longer held the run.
 */
export async function finishRun(context: AppContext, run: HeldRun, end: RunEnd): Promise<boolean> {
  const { count } = await context.prisma.workflowRun.updateMany({
    where: { id: run.runId, ...held(run) },
    data: {
      status: end.status,
      error: end.error ?? null,
      output: end.output === undefined ? Prisma.DbNull : (end.output as Prisma.InputJsonObject),
      finishedAt: context.now(),
      activeRecordId: null,
      leaseUntil: null,
    },
  });
  return count === 1;
}
