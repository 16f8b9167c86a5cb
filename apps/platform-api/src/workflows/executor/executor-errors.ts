/**
 * A step could not do its work: the agent refused or could not be reached, the record lacks a
 * field, a condition with `otherwise: 'fail'` did not hold. The message is written to the step
 * and the run as it is, so it says what happened.
 */
export class StepFailedError extends Error {
  override readonly name: string = 'StepFailedError';

  constructor(
    message: string,
    /** Agent calls made, retries included (0 for steps that call nothing). */
    readonly attempts = 0,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The agent answered a 4xx (never retried): its status and parsed body, for steps that tell cases apart. */
export class AgentRefusedError extends StepFailedError {
  override readonly name = 'AgentRefusedError';

  constructor(
    message: string,
    attempts: number,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message, attempts);
  }
}
