import { z } from 'zod';
import type { AgentAnswer } from '../agent-call';
import { StepFailedError } from '../executor-errors';
import type { RecordValues } from './step-context';

const recordAnswerSchema = z.object({ data: z.record(z.string(), z.unknown()) });

/** The record of a `{ data: record }` answer. @throws StepFailedError for any other body. */
export function recordOf(answer: AgentAnswer): RecordValues {
  const parsed = recordAnswerSchema.safeParse(answer.body);
  if (!parsed.success) {
    throw new StepFailedError(`The agent answered ${answer.status} without a record (\`{ data }\`).`, answer.attempts);
  }
  return parsed.data.data;
}
