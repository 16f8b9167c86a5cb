/**
 * A step could not do its work: the agent refused or could not be reached, the record lacks a
 * field, a condition with `otherwise: 'fail'` did not hold. The message is written to the step
 * and the run as it is, so it says what happened.
 */
export class StepFailedError extends Error {
  override readonly name = 'StepFailedError';

  constructor(
    message: string,
    /** Agent calls made, retries included (0 for steps that call nothing). */
    readonly attempts = 0,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
