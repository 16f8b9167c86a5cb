import type { AppContext } from '../../context';
import { isDatabaseConnectionError } from '../../db/connection-errors';
import { retryOnConnectionError } from '../../db/retry-on-connection-error';
import { recordActivityLog } from '../../logs/activity-log-service';
import { callAgent } from './agent-call';
import type { ClaimedRun } from './claim-runs';
import { StepFailedError } from './executor-errors';
import { type LoadedRun, loadRun } from './load-run';
import { finishRun, finishStep, type HeldRun, markStepRunning, type RunEnd, skipStepsAfter } from './run-state';
import { runStep } from './steps/run-step';
import type { RecordValues, StepContext } from './steps/step-context';
import { userTokenSource } from './user-token-source';
import type { WorkerOptions } from './worker-options';

export interface ExecuteRunOptions extends Omit<WorkerOptions, 'workerId' | 'fetch'> {
  readonly workerId: string;
  /** Aborted when the worker stops or loses the run's lease: the run stops without writing more. */
  readonly signal: AbortSignal;
  readonly fetch: typeof fetch;
}

/**
 * Executes a claimed run: its steps in order from the first one not done yet, each step's result
 * written as it ends, then the run's. A step that fails fails the run; the steps after a failure
 * or a condition's stop are skipped. Throws only the abort reason of `options.signal`, or an error
 * of the database: the run is then left to its lease.
 *
 * A database that drops its connections fails no run: the executor's own statements are retried
 * for up to a lease (`persist`), so a step whose agent call succeeded is written rather than run
 * again; a connection error that still escapes a step leaves the run to its lease.
 */
export async function executeRun(context: AppContext, claimed: ClaimedRun, options: ExecuteRunOptions): Promise<void> {
  const run: HeldRun = { runId: claimed.id, workerId: options.workerId };
  const persist = <T>(work: () => Promise<T>) =>
    retryOnConnectionError(work, { withinMs: options.leaseMs, signal: options.signal });
  let loaded: LoadedRun;
  try {
    loaded = await persist(() => loadRun(context, claimed));
  } catch (error) {
    if (error instanceof StepFailedError)
      return end(context, claimed, run, undefined, { status: 'Failed', error: error.message }, persist);
    throw error;
  }

  let record = loaded.record;
  const mintToken = userTokenSource(context, { userId: loaded.user.id, environmentId: loaded.environment.id });
  const token = () => persist(mintToken);
  for (let index = loaded.resumeAt; index < loaded.steps.length; index++) {
    options.signal.throwIfAborted();
    const step = loaded.steps[index];
    const position = loaded.positions[index];
    if (step === undefined || position === undefined) throw new Error('A step without its row: loadRun checks this.');
    await persist(() => markStepRunning(context, run, position));
    const stepContext = buildStepContext(context, claimed, loaded, record, token, options);
    let result: Awaited<ReturnType<typeof runStep>>;
    try {
      result = await runStep(step, stepContext);
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      if (isDatabaseConnectionError(error)) throw error;
      const failure = error instanceof StepFailedError ? error : unexpected(context, claimed, error);
      await persist(() =>
        finishStep(context, run, position, { status: 'Failed', attempts: failure.attempts, error: failure.message }),
      );
      await persist(() => skipStepsAfter(context, run, position));
      const stepName = `Step ${index + 1} (${step.kind})`;
      const runEnd = { status: 'Failed', error: `${stepName} failed: ${failure.message}` } as const;
      return end(context, claimed, run, loaded, runEnd, persist);
    }
    record = result.record ?? record;
    const { attempts, output } = result;
    await persist(() => finishStep(context, run, position, { status: 'Succeeded', attempts, output }));
    if (result.isStop) {
      await persist(() => skipStepsAfter(context, run, position));
      const runEnd = { status: 'Succeeded', output: { record, stoppedAtStep: index + 1 } } as const;
      return end(context, claimed, run, loaded, runEnd, persist);
    }
  }
  return end(context, claimed, run, loaded, { status: 'Succeeded', output: { record: record ?? null } }, persist);
}

function buildStepContext(
  context: AppContext,
  claimed: ClaimedRun,
  loaded: LoadedRun,
  record: RecordValues | undefined,
  token: () => Promise<string>,
  options: ExecuteRunOptions,
): StepContext {
  const { agentUrl } = loaded.environment;
  return {
    app: context,
    run: {
      id: claimed.id,
      recordId: claimed.recordId,
      workflowName: loaded.workflowName,
      collection: loaded.collection,
      user: loaded.user,
    },
    environment: loaded.environment,
    record,
    callAgent: async (request, timeoutMs) => {
      if (!agentUrl) {
        throw new StepFailedError(
          "The environment has no agent URL: the agent sets it when it starts, or set it with 'platform-api environments set-url'.",
        );
      }
      return callAgent(request, {
        baseUrl: `${agentUrl}${options.agentRoutePrefix}`,
        token,
        timeoutMs: timeoutMs ?? options.stepTimeoutMs,
        retries: options.stepRetries,
        retryBaseDelayMs: options.retryBaseDelayMs,
        signal: options.signal,
        fetch: options.fetch,
      });
    },
  };
}

/** A bug or a database error in a step: logged in full, summed up in the run. */
function unexpected(context: AppContext, claimed: ClaimedRun, error: unknown): StepFailedError {
  context.logger.error({ err: error, runId: claimed.id }, 'workflow step failed unexpectedly');
  return new StepFailedError(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`);
}

async function end(
  context: AppContext,
  claimed: ClaimedRun,
  run: HeldRun,
  loaded: LoadedRun | undefined,
  runEnd: RunEnd,
  persist: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const isFinished = await persist(() => finishRun(context, run, runEnd));
  if (!isFinished) {
    context.logger.warn({ runId: claimed.id }, 'workflow run finished after its lease was lost: result discarded');
    return;
  }
  if (!loaded) return;
  await recordActivityLog(context, {
    projectId: loaded.environment.projectId,
    environmentId: loaded.environment.id,
    userId: loaded.user.id,
    userEmail: loaded.user.email,
    source: 'workflow',
    action: 'workflow.run',
    collectionName: loaded.collection,
    recordId: claimed.recordId,
    details: { runId: claimed.id, workflowId: claimed.workflowId, status: runEnd.status, error: runEnd.error ?? null },
  });
}
