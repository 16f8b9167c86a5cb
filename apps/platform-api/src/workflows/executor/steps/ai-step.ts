import { z } from 'zod';
import { escapeHtml } from '../../../views/html';
import type { aiStepSchema } from '../../workflow-schemas';
import type { AgentAnswer } from '../agent-call';
import { AgentRefusedError, StepFailedError } from '../executor-errors';
import { renderPlaceholders } from '../render-placeholders';
import { completionOf, jsonOf } from './ai-completion';
import { addRecordNote } from './note-step';
import type { StepContext, StepResult } from './step-context';
import { runUpdateStep } from './update-step';

type AiStep = z.infer<typeof aiStepSchema>;

/** The agent's AI route (`agent.addAi`), under its prefix. */
export const AI_QUERY_PATH = '/_internal/ai-proxy/ai-query';
/** A model takes longer than a data call: the default bound of the AI call when the step sets none. */
export const AI_STEP_DEFAULT_TIMEOUT_MS = 60_000;

/** A provider error the agent relays (`AiModelNotFoundError`...), as opposed to a route it lacks. */
const providerErrorSchema = z.object({ errors: z.array(z.object({ name: z.string().startsWith('Ai') })).min(1) });

/**
 * Sends the rendered prompt to the agent's AI route as the run's user (the agent's provider and
 * key), then saves the answer as `saveAs` says: to a field through the agent (as an `update`
 * step), or as a note on the record. The output holds the answer and what was saved.
 */
export async function runAiStep(step: AiStep, context: StepContext): Promise<StepResult> {
  const answer = await askAi(step, context);
  const completion = completionOf(answer);
  const value = step.schema === undefined ? completion.text : jsonOf(completion, answer.attempts);
  const output = { answer: value, model: completion.model, usage: completion.usage };

  if ('note' in step.saveAs) {
    const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    const noteId = await addRecordNote(context, { title: context.run.workflowName, content: escapeHtml(text) });
    return { output: { ...output, noteId }, attempts: answer.attempts };
  }
  const { field } = step.saveAs;
  const update = { kind: 'update', values: { [field]: value }, timeoutMs: step.timeoutMs } as const;
  const updated = await runUpdateStep(update, context).catch((error: unknown) => {
    if (error instanceof StepFailedError) {
      const message = `The AI answered, but saving it to '${field}' failed: ${error.message}`;
      throw new StepFailedError(message, answer.attempts + error.attempts, { cause: error });
    }
    throw error;
  });
  return {
    output: { ...output, field, record: updated.output.record },
    record: updated.record,
    attempts: answer.attempts + updated.attempts,
  };
}

async function askAi(step: AiStep, context: StepContext): Promise<AgentAnswer> {
  const texts = [step.system, step.prompt].filter((text) => text !== undefined);
  if (context.record === undefined && texts.some((text) => /\{\{[^{}]+\}\}/.test(text))) {
    throw new StepFailedError(
      'The AI prompt has {{field}} placeholders but no record was read: put a read step before it.',
    );
  }
  const render = (text: string) => renderPlaceholders(text, context.record, { isHtml: false });
  const body = {
    messages: [
      ...(step.system === undefined ? [] : [{ role: 'system', content: render(step.system) }]),
      { role: 'user', content: render(step.prompt) },
    ],
    // No tools: the model answers from the prompt alone.
    tools: [],
    ...(step.schema === undefined
      ? {}
      : { response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: step.schema } } }),
  };
  try {
    return await context.callAgent(
      { method: 'POST', path: AI_QUERY_PATH, body },
      step.timeoutMs ?? AI_STEP_DEFAULT_TIMEOUT_MS,
    );
  } catch (error) {
    if (
      error instanceof AgentRefusedError &&
      error.status === 404 &&
      !providerErrorSchema.safeParse(error.body).success
    ) {
      throw new StepFailedError(
        `The agent of environment ${context.environment.name} serves no AI route: call agent.addAi(provider) in its code.`,
        error.attempts,
        { cause: error },
      );
    }
    throw error;
  }
}
