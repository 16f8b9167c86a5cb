import type { AppContext } from '../../../context';
import type { AgentAnswer, AgentRequest } from '../agent-call';

/** A record as the agent returns it: field name to value (to-one relations nested). */
export type RecordValues = Readonly<Record<string, unknown>>;

/** What a step runner is given: the run, its environment, the record as last read, the agent. */
export interface StepContext {
  readonly app: AppContext;
  readonly run: {
    readonly id: string;
    readonly recordId: string;
    readonly workflowName: string;
    readonly collection: string;
    readonly user: { readonly id: number; readonly email: string };
  };
  readonly environment: { readonly id: number; readonly name: string; readonly projectId: number };
  /** The record as the last `read` (or `update`) returned it; undefined before any. */
  readonly record: RecordValues | undefined;
  /** Calls the environment's agent as the run's user (timeouts, retries: see `callAgent`). */
  readonly callAgent: (request: AgentRequest, timeoutMs: number | undefined) => Promise<AgentAnswer>;
}

/** What a step produced. */
export interface StepResult {
  /** Written to the step's `output`. */
  readonly output: Readonly<Record<string, unknown>>;
  /** The record as the step left it, for the later steps. */
  readonly record?: RecordValues;
  /** Agent calls made, retries included. */
  readonly attempts: number;
  /** True when the run ends here as succeeded (a condition with `otherwise: 'stop'`). */
  readonly isStop?: boolean;
}

/** `/<collection>/<record id>`, both encoded (a packed composite id keeps its `|` encoded). */
export function recordPath(context: StepContext): string {
  return `/${encodeURIComponent(context.run.collection)}/${encodeURIComponent(context.run.recordId)}`;
}
