import type { AiProvider, ChatCompletion, ChatCompletionMessage, ChatCompletionRequest } from '@platform/ai-proxy';
import type { McpToolName, ToolContext } from '../mcp/tools';
import { parseToolArguments, runAiTool, toolMessageContent } from './ai-tools';

/** How many rounds of tool calls one AI query may run before the model must answer. */
export const MAX_AI_TOOL_ROUNDS = 5;

/** A tool call the agent ran for the model, as reported in `tool_runs`. */
export interface AiToolRun {
  readonly id: string;
  readonly name: string;
  /** The arguments as the model wrote them (JSON text). */
  readonly arguments: string;
  readonly isError: boolean;
}

export interface ToolLoopResult {
  readonly completion: ChatCompletion;
  readonly toolRuns: readonly AiToolRun[];
}

/**
 * Asks the model, runs the tool calls it answers (each as the context's caller, through the shared
 * tool path), sends their results back as `tool` messages and asks again, until it answers without
 * tool calls. After `MAX_AI_TOOL_ROUNDS` rounds the last request says `tool_choice: 'none'`.
 */
export async function runToolLoop(
  provider: AiProvider,
  request: ChatCompletionRequest,
  context: ToolContext,
  allowed: ReadonlySet<McpToolName>,
  signal?: AbortSignal,
): Promise<ToolLoopResult> {
  const messages: ChatCompletionMessage[] = [...request.messages];
  const toolRuns: AiToolRun[] = [];
  let toolChoice = request.tool_choice;
  for (let round = 0; ; round += 1) {
    const isLastRound = round === MAX_AI_TOOL_ROUNDS && request.tools !== undefined;
    const completion = await provider.complete(
      { ...request, messages, tool_choice: isLastRound ? 'none' : toolChoice },
      { signal },
    );
    const message = completion.choices[0]?.message;
    const calls = (message?.tool_calls ?? []).filter((call) => call.type === 'function');
    if (isLastRound || calls.length === 0 || request.tools === undefined) return { completion, toolRuns };

    messages.push({
      role: 'assistant',
      content: message?.content ?? null,
      tool_calls: calls.map(({ id, function: fn }) => ({
        id,
        type: 'function',
        function: { name: fn.name, arguments: fn.arguments },
      })),
    });
    // One at a time, in the model's order: a later call may depend on an earlier write.
    for (const call of calls) {
      const parsed = parseToolArguments(call.function.arguments);
      const result =
        'error' in parsed ? parsed.error : await runAiTool(context, call.function.name, parsed.args, allowed);
      toolRuns.push({
        id: call.id,
        name: call.function.name,
        arguments: call.function.arguments,
        isError: result.isError === true,
      });
      messages.push({ role: 'tool', tool_call_id: call.id, content: toolMessageContent(result) });
    }
    // A forced tool ('required', or one named) would force one every round: later rounds choose.
    if (toolChoice !== undefined && toolChoice !== 'none') toolChoice = 'auto';
  }
}
