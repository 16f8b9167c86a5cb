import type { Config } from '../../config/config';

/** How a workflow worker claims and executes runs; `workerOptionsFromConfig` reads them from the environment. */
export interface WorkerOptions {
  /** Written to `claimedBy`; unique per worker (default: host, pid and a random part). */
  readonly workerId?: string;
  /** Runs executed at once. */
  readonly concurrency: number;
  /** Longest wait between two looks for claimable runs when no NOTIFY arrives. */
  readonly pollIntervalMs: number;
  /** How long a claim holds without a heartbeat; the heartbeat renews it every third of it. */
  readonly leaseMs: number;
  /** Claims of one run before an abandoned run (lease expired) is failed instead of claimed again. */
  readonly maxAttempts: number;
  /** Time limit of one agent call, when the step sets no `timeoutMs`. */
  readonly stepTimeoutMs: number;
  /** Retries of an agent call after a network error, a timeout or a 5xx. */
  readonly stepRetries: number;
  /** First retry delay; each next one doubles. */
  readonly retryBaseDelayMs: number;
  /** The agents' route prefix, appended to the environment's agent URL ('' for none). */
  readonly agentRoutePrefix: string;
  /** The HTTP client for agent calls; tests count calls through it. */
  readonly fetch?: typeof fetch;
}

/** The worker options of the configuration (PLATFORM_WORKER_* and PLATFORM_WORKFLOW_* variables). */
export function workerOptionsFromConfig(config: Config): WorkerOptions {
  return {
    concurrency: config.PLATFORM_WORKER_CONCURRENCY,
    pollIntervalMs: config.PLATFORM_WORKER_POLL_INTERVAL_MS,
    leaseMs: config.PLATFORM_WORKFLOW_LEASE_MS,
    maxAttempts: config.PLATFORM_WORKFLOW_MAX_ATTEMPTS,
    stepTimeoutMs: config.PLATFORM_WORKFLOW_STEP_TIMEOUT_MS,
    stepRetries: config.PLATFORM_WORKFLOW_STEP_RETRIES,
    retryBaseDelayMs: 250,
    agentRoutePrefix: config.PLATFORM_AGENT_ROUTE_PREFIX,
  };
}
