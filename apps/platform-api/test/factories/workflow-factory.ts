import type { AppContext } from '../../src/context';
import type { Prisma, RunStatus, User, Workflow } from '../../src/generated/prisma/client';
import type { WorkflowStep } from '../../src/workflows/workflow-schemas';
import { uniqueSuffix } from './unique-suffix';

export interface WorkflowSeed {
  readonly renderingId: number;
  readonly steps: readonly WorkflowStep[];
  readonly name?: string;
  readonly collection?: string;
}

/** A published workflow (`definition` = its steps), active, version 1. */
export function seedWorkflow(context: AppContext, seed: WorkflowSeed): Promise<Workflow> {
  return context.prisma.workflow.create({
    data: {
      renderingId: seed.renderingId,
      name: seed.name ?? `workflow-${uniqueSuffix()}`,
      collectionName: seed.collection ?? 'orders',
      definition: seed.steps as unknown as Prisma.InputJsonArray,
    },
  });
}

export interface RunSeed {
  readonly workflow: Workflow;
  readonly user: User;
  readonly recordId: string;
  readonly status?: RunStatus;
}

/**
 * A run as the webhook trigger creates it: Queued, `activeRecordId` = the record, the workflow's
 * steps and version copied, one Pending step row per step.
 */
export async function seedRun(context: AppContext, seed: RunSeed) {
  const [id] = await seedRuns(context, { ...seed, recordIds: [seed.recordId] });
  return context.prisma.workflowRun.findUniqueOrThrow({ where: { id } });
}

/** Many runs of one workflow in two statements (benchmarks and concurrency tests); returns their ids. */
export async function seedRuns(
  context: AppContext,
  seed: Omit<RunSeed, 'recordId'> & { readonly recordIds: readonly string[] },
): Promise<string[]> {
  const { workflow } = seed;
  const steps = workflow.definition as unknown as WorkflowStep[];
  const runs = await context.prisma.workflowRun.createManyAndReturn({
    data: seed.recordIds.map((recordId) => ({
      workflowId: workflow.id,
      workflowVersion: workflow.version,
      definition: workflow.definition as Prisma.InputJsonValue,
      recordId,
      activeRecordId: recordId,
      status: seed.status ?? 'Queued',
      userId: seed.user.id,
    })),
    select: { id: true },
  });
  await context.prisma.workflowRunStep.createMany({
    data: runs.flatMap((run) => steps.map((step, position) => ({ runId: run.id, position, kind: step.kind }))),
  });
  return runs.map((run) => run.id);
}
