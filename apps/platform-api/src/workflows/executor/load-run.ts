import { z } from 'zod';
import type { AppContext } from '../../context';
import { type WorkflowStep, workflowStepSchema } from '../workflow-schemas';
import type { ClaimedRun } from './claim-runs';
import { StepFailedError } from './executor-errors';
import type { RecordValues } from './steps/step-context';

/** A claimed run with everything its steps need. */
export interface LoadedRun {
  readonly workflowName: string;
  readonly collection: string;
  readonly environment: {
    readonly id: number;
    readonly name: string;
    readonly projectId: number;
    readonly agentUrl: string | null;
  };
  readonly user: { readonly id: number; readonly email: string };
  readonly steps: readonly WorkflowStep[];
  /** Each step's row position, in step order. */
  readonly positions: readonly number[];
  /** Index of the first step to run: earlier ones succeeded under a previous claim of the run. */
  readonly resumeAt: number;
  /** The record as the steps already done last returned it. */
  readonly record: RecordValues | undefined;
}

// The snapshot is the steps; a whole definition (`{ steps }`) is accepted too.
const snapshotSchema = z.union([
  z.array(workflowStepSchema),
  z.object({ steps: z.array(workflowStepSchema) }).transform((definition) => definition.steps),
]);
const recordOutputSchema = z.object({ record: z.record(z.string(), z.unknown()) });

/**
 * Loads the run's workflow, environment, user and step rows, and where to resume.
 * @throws StepFailedError when the run cannot be executed at all (steps that do not parse, rows
 *   that do not match them).
 */
export async function loadRun(context: AppContext, run: ClaimedRun): Promise<LoadedRun> {
  const [workflow, user, rows] = await Promise.all([
    context.prisma.workflow.findUniqueOrThrow({
      where: { id: run.workflowId },
      select: {
        name: true,
        collectionName: true,
        rendering: { select: { environment: { select: { id: true, name: true, projectId: true, agentUrl: true } } } },
      },
    }),
    context.prisma.user.findUniqueOrThrow({ where: { id: run.userId }, select: { id: true, email: true } }),
    context.prisma.workflowRunStep.findMany({ where: { runId: run.id }, orderBy: { position: 'asc' } }),
  ]);
  const parsed = snapshotSchema.safeParse(run.definition);
  if (!parsed.success) {
    throw new StepFailedError(`The run's steps do not match the step model: ${z.prettifyError(parsed.error)}`);
  }
  const steps = parsed.data;
  if (rows.length === 0) {
    await context.prisma.workflowRunStep.createMany({
      data: steps.map((step, position) => ({ runId: run.id, position, kind: step.kind })),
      skipDuplicates: true,
    });
  } else if (rows.length !== steps.length) {
    throw new StepFailedError(`The run has ${rows.length} step rows for ${steps.length} steps.`);
  }
  const positions = rows.length === 0 ? steps.map((_step, index) => index) : rows.map((row) => row.position);
  const firstUndone = rows.findIndex((row) => row.status !== 'Succeeded');
  const resumeAt = rows.length === 0 ? 0 : firstUndone === -1 ? rows.length : firstUndone;
  const record = rows
    .slice(0, resumeAt)
    .map((row) => recordOutputSchema.safeParse(row.output))
    .reduce<RecordValues | undefined>((last, output) => (output.success ? output.data.record : last), undefined);

  return {
    workflowName: workflow.name,
    collection: workflow.collectionName,
    environment: workflow.rendering.environment,
    user,
    steps,
    positions,
    resumeAt,
    record,
  };
}
