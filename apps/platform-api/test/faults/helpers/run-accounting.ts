import { setTimeout as sleep } from 'node:timers/promises';
import type { PrismaClient } from '../../../src/generated/prisma/client';
import { recordIdOf } from './fault-platform';
import type { Outcome } from './load';

export interface SettledRun {
  readonly id: string;
  readonly recordId: string;
  readonly status: string;
  readonly attempts: number;
  readonly error: string | null;
}

/** The workflow's runs once none is queued or running, or as they are after `withinMs`. */
export async function settledRuns(prisma: PrismaClient, workflowId: number, withinMs: number): Promise<SettledRun[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const runs = await prisma.workflowRun.findMany({
      where: { workflowId },
      select: { id: true, recordId: true, status: true, attempts: true, error: true },
    });
    const isSettled = runs.every((run) => run.status === 'Succeeded' || run.status === 'Failed');
    if (isSettled || Date.now() > deadline) return runs;
    await sleep(100);
  }
}

/**
 * Every webhook call against the runs and the agent's calls. All lists are empty when no run was
 * lost or run twice: each 202 has its run, succeeded, whose update reached the agent once, and
 * no run exists for a call that got no 202.
 */
export function accountRuns(
  outcomes: readonly Outcome[],
  runs: readonly SettledRun[],
  agentUpdates: ReadonlyMap<string, number>,
) {
  const webhookCalls = outcomes.filter((outcome) => outcome.call === 'webhook');
  const accepted = new Map(
    webhookCalls
      .filter((outcome) => outcome.status === 202)
      .map((outcome) => [recordIdOf(outcome.sequence), (outcome.body as { runId: string }).runId]),
  );
  const runsByRecord = new Map(runs.map((run) => [run.recordId, run]));
  return {
    /** A 202 whose run does not exist (or another run stands for its record). */
    acceptedWithoutRun: [...accepted].filter(([recordId, runId]) => runsByRecord.get(recordId)?.id !== runId),
    /** A run no call was told about (the call failed, yet the run was created). */
    runsWithoutAcceptance: runs.filter((run) => !accepted.has(run.recordId)).map((run) => run.recordId),
    /** A run not Succeeded. */
    notSucceeded: runs
      .filter((run) => run.status !== 'Succeeded')
      .map((run) => `${run.recordId}: ${run.status} ${run.error ?? ''}`.trim()),
    /** A record the agent updated a number of times other than once. */
    notUpdatedOnce: runs
      .filter((run) => agentUpdates.get(run.recordId) !== 1)
      .map((run) => `${run.recordId}: ${agentUpdates.get(run.recordId) ?? 0}`),
  };
}

/** `accountRuns` with nothing wrong. */
export const NOTHING_LOST_OR_RUN_TWICE = {
  acceptedWithoutRun: [],
  runsWithoutAcceptance: [],
  notSucceeded: [],
  notUpdatedOnce: [],
};
