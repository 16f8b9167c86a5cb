import type { Prisma, RunStatus, StepStatus } from '../generated/prisma/client';

/** What a run is shown with: its workflow's name and its steps in order. */
export const RUN_INCLUDE = {
  workflow: { select: { id: true, name: true } },
  steps: { orderBy: { position: 'asc' } },
  user: { select: { id: true, email: true } },
} as const satisfies Prisma.WorkflowRunInclude;

export type RunWithSteps = Prisma.WorkflowRunGetPayload<{ include: typeof RUN_INCLUDE }>;

export type RunStatusName = Lowercase<RunStatus>;
export type StepStatusName = Lowercase<StepStatus>;

export interface RunStepView {
  /** 0 for the first step of the workflow's definition. */
  readonly position: number;
  readonly kind: string;
  readonly status: StepStatusName;
  readonly attempts: number;
  readonly error: string | null;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
}

/** A run as the public API shows it (`GET /v1/workflow-runs/:runId`). */
export interface RunView {
  readonly runId: string;
  readonly status: RunStatusName;
  /** The workflow and the version the run executes (the one current when it was created). */
  readonly workflow: { readonly id: number; readonly name: string; readonly version: number };
  readonly recordId: string;
  readonly steps: readonly RunStepView[];
  readonly error: string | null;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
}

/** The admin API's run: the public view plus who ran it and how many times it was claimed. */
export interface AdminRunView extends RunView {
  readonly attempts: number;
  readonly user: { readonly id: number; readonly email: string };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toRunView(run: RunWithSteps): RunView {
  return {
    runId: run.id,
    status: run.status.toLowerCase() as RunStatusName,
    workflow: { id: run.workflow.id, name: run.workflow.name, version: run.workflowVersion },
    recordId: run.recordId,
    steps: run.steps.map((step) => ({
      position: step.position,
      kind: step.kind,
      status: step.status.toLowerCase() as StepStatusName,
      attempts: step.attempts,
      error: step.error,
      startedAt: iso(step.startedAt),
      finishedAt: iso(step.finishedAt),
    })),
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
  };
}

export function toAdminRunView(run: RunWithSteps): AdminRunView {
  return { ...toRunView(run), attempts: run.attempts, user: run.user };
}
