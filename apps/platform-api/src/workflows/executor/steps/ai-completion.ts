import { z } from 'zod';
import type { AgentAnswer } from '../agent-call';
import { StepFailedError } from '../executor-errors';

/** The part of an OpenAI chat completion (the agent's AI route answer) an `ai` step reads. */
const chatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  model: z.string().optional(),
  usage: z.record(z.string(), z.unknown()).optional(),
});

export interface AiCompletion {
  readonly text: string;
  readonly finishReason: string | null;
  readonly model: string | null;
  readonly usage: Readonly<Record<string, unknown>> | null;
}

/**
 * The answer's text and metadata.
 * @throws StepFailedError when the body is no chat completion, or its first choice has no text.
 */
export function completionOf(answer: AgentAnswer): AiCompletion {
  const parsed = chatCompletionSchema.safeParse(answer.body);
  if (!parsed.success) {
    throw new StepFailedError(
      `The agent's AI route answered ${answer.status} without a chat completion (\`{ choices: [{ message }] }\`).`,
      answer.attempts,
    );
  }
  const [choice] = parsed.data.choices;
  const finishReason = choice?.finish_reason ?? null;
  const text = choice?.message.content ?? '';
  if (text.trim() === '') {
    throw new StepFailedError(`The AI answered no text (finish reason: ${finishReason ?? 'none'}).`, answer.attempts);
  }
  return { text, finishReason, model: parsed.data.model ?? null, usage: parsed.data.usage ?? null };
}

/**
 * The answer parsed as JSON, for a step with a schema.
 * @throws StepFailedError quoting the start of the answer when it is not JSON.
 */
export function jsonOf(completion: AiCompletion, attempts: number): unknown {
  try {
    return JSON.parse(completion.text);
  } catch {
    const excerpt = completion.text.length > 200 ? `${completion.text.slice(0, 200)}…` : completion.text;
    const truncated = completion.finishReason === 'length' ? ' (cut at the token limit)' : '';
    throw new StepFailedError(
      `The AI's answer is not JSON although the step gives a schema${truncated}: ${JSON.stringify(excerpt)}.`,
      attempts,
    );
  }
}
