import type { z } from 'zod';
import type { readStepSchema } from '../../workflow-schemas';
import { recordOf } from './record-answer';
import { recordPath, type StepContext, type StepResult } from './step-context';

/** `GET /<collection>/<id>` (with `fields[<collection>]` when the step lists fields). */
export async function runReadStep(step: z.infer<typeof readStepSchema>, context: StepContext): Promise<StepResult> {
  const query = step.fields
    ? `?${new URLSearchParams({ [`fields[${context.run.collection}]`]: step.fields.join(',') })}`
    : '';
  const answer = await context.callAgent({ method: 'GET', path: `${recordPath(context)}${query}` }, step.timeoutMs);
  const record = recordOf(answer);
  return { output: { record }, record, attempts: answer.attempts };
}
