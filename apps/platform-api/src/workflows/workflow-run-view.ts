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
  readonly error?: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
}

/** A run as the public API shows it (fields without a value are left out, as everywhere in /v1) (`GET /v1/workflow-runs/:runId`). */
export interface RunView {
  readonly runId: string;
  readonly status: RunStatusName;
  /** The workflow and the version the run executes (the one current when it was created). */
  readonly workflow: { readonly id: number; readonly name: string; readonly version: number };
  readonly recordId: string;
  readonly steps: readonly RunStepView[];
  /** Why the run failed. */
  readonly error?: string;
  readonly createdAt: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
}

/** The admin API's run: the public view plus who ran it and how many times it was claimed. */
export interface AdminRunView extends RunView {
  readonly attempts: number;
  readonly user: { readonly id: number; readonly email: string };
}

/** `{ [name]: value }`, or nothing when there is no value: the public API leaves such fields out. */
const optional = <Name extends string, Value>(name: Name, value: Value | null) =>
  (value === null ? {} : { [name]: value }) as { [key in Name]?: Value };
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
      ...optional('error', step.error),
      ...optional('startedAt', iso(step.startedAt)),
      ...optional('finishedAt', iso(step.finishedAt)),
    })),
    ...optional('error', run.error),
    createdAt: run.createdAt.toISOString(),
    ...optional('startedAt', iso(run.startedAt)),
    ...optional('finishedAt', iso(run.finishedAt)),
  };
}

export function toAdminRunView(run: RunWithSteps): AdminRunView {
  return { ...toRunView(run), attempts: run.attempts, user: run.user };
}
