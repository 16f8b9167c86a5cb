import { z } from 'zod';
import type { AppContext } from '../context';
import { isForeignKeyViolation, isUniqueViolation } from '../db/unique-violation';
import { ConflictError, isErrorNamed, NotFoundError } from '../errors';
import type { Prisma, RunStatus } from '../generated/prisma/client';
import type { AuthenticatedToken } from '../tokens/token-authenticator';
import { findManagedWorkflow, type WorkflowActor } from './workflow-access';
import { type AdminRunView, RUN_INCLUDE, type RunView, toAdminRunView, toRunView } from './workflow-run-view';
import { type ListRunsQuery, workflowStepSchema } from './workflow-schemas';
import { tokenAccessError, tokenAccessRefusal } from './workflow-token-access';

export interface CreateRunInput {
  readonly workflow: {
    readonly id: number;
    readonly name: string;
    readonly version: number;
    readonly definition: Prisma.JsonValue;
  };
  readonly recordId: string;
  readonly userId: number;
  readonly tokenId: number | null;
}

const storedStepsSchema = z.array(workflowStepSchema);

/**
 * Queues a run of the workflow's current version on one record: the run (Queued, `activeRecordId`
 * = the record) and one Pending step per step of the definition, in one statement. The database's
 * unique index on (workflow, activeRecordId) refuses a second active run on the record, so two
 * concurrent calls cannot both pass: ConflictError for the loser; NotFoundError when the workflow
 * was deleted meanwhile. The caller signals the workers.
 */
export async function createRun(context: AppContext, input: CreateRunInput): Promise<{ readonly runId: string }> {
  const { workflow, recordId } = input;
  // Stored by publishWorkflow after validation; a row that no longer parses is a server fault (500).
  const steps = storedStepsSchema.parse(workflow.definition);
  try {
    const run = await context.prisma.workflowRun.create({
      data: {
        workflowId: workflow.id,
        workflowVersion: workflow.version,
        definition: steps as Prisma.InputJsonArray,
        recordId,
        activeRecordId: recordId,
        userId: input.userId,
        tokenId: input.tokenId,
        createdAt: context.now(),
        steps: { createMany: { data: steps.map((step, position) => ({ position, kind: step.kind })) } },
      },
      select: { id: true },
    });
    return { runId: run.id };
  } catch (error) {
    // Deleted between the webhook's lookup and this insert: as if the lookup had not found it.
    if (isForeignKeyViolation(error)) throw new NotFoundError(`No workflow ${workflow.id}.`, { cause: error });
    if (!isUniqueViolation(error)) throw error;
    throw new ConflictError(`A run of workflow ${workflow.name} is already ongoing on record ${recordId}.`, {
      cause: error,
    });
  }
}

/**
 * A run as the token's user may follow it: NotFoundError when it does not exist or belongs to a
 * workflow the token cannot see (another project, a team the user is not in); ForbiddenError for
 * a token its own project refuses (user no longer a member, SSO rule).
 */
export async function getRunForToken(context: AppContext, auth: AuthenticatedToken, runId: string): Promise<RunView> {
  const run = await context.prisma.workflowRun.findUnique({
    where: { id: runId },
    include: {
      ...RUN_INCLUDE,
      workflow: { select: { id: true, name: true, rendering: { include: { environment: true } } } },
    },
  });
  const notFound = new NotFoundError(`No workflow run ${runId}.`);
  if (!run) throw notFound;
  const { rendering } = run.workflow;
  const refusal = await tokenAccessRefusal(context, auth, {
    teamId: rendering.teamId,
    projectId: rendering.environment.projectId,
  });
  if (refusal === 'other-project' || refusal === 'not-in-team') throw notFound;
  if (refusal !== null) throw tokenAccessError(refusal);
  return toRunView(run);
}

/** The latest runs of a workflow, most recent first (admin API and CLI). */
export async function listRuns(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
  query: ListRunsQuery,
): Promise<AdminRunView[]> {
  await findManagedWorkflow(context, actor, workflowId);
  const runs = await context.prisma.workflowRun.findMany({
    where: { workflowId, status: query.status && statusOf(query.status) },
    include: RUN_INCLUDE,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit,
  });
  return runs.map(toAdminRunView);
}

/** One run, for the Admins of its workflow's project (or the operator). */
export async function getAdminRun(context: AppContext, actor: WorkflowActor, runId: string): Promise<AdminRunView> {
  const run = await context.prisma.workflowRun.findUnique({ where: { id: runId }, include: RUN_INCLUDE });
  if (!run) throw new NotFoundError(`No workflow run ${runId}.`);
  try {
    await findManagedWorkflow(context, actor, run.workflowId);
  } catch (error) {
    // The workflow is invisible to this user, so is its run.
    if (isErrorNamed(error, 'NotFoundError')) throw new NotFoundError(`No workflow run ${runId}.`);
    throw error;
  }
  return toAdminRunView(run);
}

function statusOf(name: ListRunsQuery['status'] & string): RunStatus {
  return `${name[0]?.toUpperCase()}${name.slice(1)}` as RunStatus;
}
