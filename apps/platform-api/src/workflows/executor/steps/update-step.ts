import type { z } from 'zod';
import type { updateStepSchema } from '../../workflow-schemas';
import { recordOf } from './record-answer';
import { recordPath, type StepContext, type StepResult } from './step-context';

/** `PUT /<collection>/<id>` with `{ data: values }`; the agent answers the record as updated. */
export async function runUpdateStep(step: z.infer<typeof updateStepSchema>, context: StepContext): Promise<StepResult> {
  const answer = await context.callAgent(
    { method: 'PUT', path: recordPath(context), body: { data: step.values } },
    step.timeoutMs,
  );
  const record = recordOf(answer);
  return { output: { record }, record: { ...context.record, ...record }, attempts: answer.attempts };
}
