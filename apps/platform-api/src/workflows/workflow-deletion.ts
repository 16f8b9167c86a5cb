import type { AppContext } from '../context';
import { ConflictError, NotFoundError } from '../errors';
import { findManagedWorkflow, type WorkflowActor } from './workflow-access';
import { logChange, WORKFLOW_ADMIN_LOG_ACTIONS } from './workflows-service';

export interface DeletedWorkflow {
  readonly id: number;
  readonly name: string;
  /** Runs deleted with it, finished or not. */
  readonly runs: number;
}

export interface DeleteWorkflowOptions {
  /** Delete even while runs are queued or running: they are cut off. */
  readonly force?: boolean;
}

const runs = (count: number) => `${count} ${count === 1 ? 'run' : 'runs'}`;

/**
 * Deletes a workflow with its webhook trigger and its runs (and their steps): its webhook URL
 * answers 404 from then on, and so does following one of its runs. The activity log keeps the
 * `workflow.run` entry of each finished run, and the admin log the deletion (`workflow.delete`).
 * ConflictError while runs are queued or running, unless `force`: a worker executing one then
 * finds it gone at its next write and stops.
 */
export async function deleteWorkflow(
  context: AppContext,
  actor: WorkflowActor,
  workflowId: number,
  { force = false }: DeleteWorkflowOptions = {},
): Promise<DeletedWorkflow> {
  const workflow = await findManagedWorkflow(context, actor, workflowId);
  const counted = await context.prisma.$transaction(async (tx) => {
    // Locked, so that no run is queued between the count and the deletion.
    await tx.$queryRaw`SELECT id FROM "Workflow" WHERE id = ${workflowId} FOR UPDATE`;
    const active = await tx.workflowRun.count({ where: { workflowId, status: { in: ['Queued', 'Running'] } } });
    if (active > 0 && !force) {
      throw new ConflictError(
        `Workflow ${workflow.name} has ${runs(active)} queued or running: deactivate it (its webhook then ` +
          'answers 404) and delete it once they finished, or force the deletion, which cuts them off ' +
          '(--force in the CLI, ?force=true in the admin API).',
      );
    }
    const total = await tx.workflowRun.count({ where: { workflowId } });
    const { count } = await tx.workflow.deleteMany({ where: { id: workflowId } });
    if (count === 0) throw new NotFoundError(`No workflow ${workflowId}.`);
    return { active, total };
  });
  await logChange(context, actor, workflow, WORKFLOW_ADMIN_LOG_ACTIONS.delete, {
    version: workflow.version,
    collection: workflow.collectionName,
    runs: counted.total,
    activeRuns: counted.active,
    force,
  });
  return { id: workflow.id, name: workflow.name, runs: counted.total };
}
