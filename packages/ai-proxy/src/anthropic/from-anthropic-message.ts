import type Anthropic from '@anthropic-ai/sdk';
import type { ChatCompletion, ChatCompletionFinishReason } from '../format/chat-completion-response';

type ToolCall = NonNullable<ChatCompletion['choices'][number]['message']['tool_calls']>[number];

/**
 * Anthropic's stop reasons in chat-completions terms. `answerTool` is the forced tool of a
 * `json_schema` request: calling it is the answer, not a tool call.
 */
export function toFinishReason(
  reason: Anthropic.Messages.StopReason | null,
  isAnswerTool = false,
): ChatCompletionFinishReason {
  switch (reason) {
    case null:
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return isAnswerTool ? 'stop' : 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      // A stop reason newer than this package (a compile error once the SDK lists it): the model
      // stopped all the same.
      reason satisfies never;
      return 'stop';
  }
}

export function toUsage(usage: {
  readonly input_tokens: number;
  readonly output_tokens: number;
}): NonNullable<ChatCompletion['usage']> {
  return {
    prompt_tokens: usage.input_tokens,
    completion_tokens: usage.output_tokens,
    total_tokens: usage.input_tokens + usage.output_tokens,
  };
}

/** Converts an Anthropic message into a chat completion; tool calls keep Anthropic's ids. */
export function fromAnthropicMessage(message: Anthropic.Messages.Message, answerToolName?: string): ChatCompletion {
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  let isAnswered = false;
  for (const block of message.content) {
    if (block.type === 'text') texts.push(block.text);
    if (block.type !== 'tool_use') continue;
    if (block.name === answerToolName) {
      texts.push(JSON.stringify(block.input));
      isAnswered = true;
    } else {
      toolCalls.push({
        id: block.id,
        type: 'function',
        function: { name: block.name, arguments: JSON.stringify(block.input) },
      });
    }
  }
  return {
    id: message.id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: message.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: isAnswered ? (texts.at(-1) ?? null) : texts.length > 0 ? texts.join('') : null,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toFinishReason(message.stop_reason, isAnswered),
        logprobs: null,
      },
    ],
    usage: toUsage(message.usage),
  };
}
