import type Anthropic from '@anthropic-ai/sdk';
import type { ChatCompletionChunk } from '../format/chat-completion-response';
import { toFinishReason, toUsage } from './from-anthropic-message';

type Delta = ChatCompletionChunk['choices'][number]['delta'];

export interface StreamConversionOptions {
  /** The forced tool of a `json_schema` request: its input is streamed as content. */
  readonly answerToolName?: string;
  /** Ends with a usage chunk (no choices), as OpenAI does with `stream_options.include_usage`. */
  readonly includeUsage?: boolean;
}

/**
 * Converts Anthropic's stream events into chat-completion chunks: text deltas become `content`,
 * a `tool_use` block opens `tool_calls[i]` (id and name) and its `input_json_delta`s stream into
 * `tool_calls[i].function.arguments`, and `message_delta` carries the finish reason.
 */
export async function* fromAnthropicStream(
  events: AsyncIterable<Anthropic.Messages.RawMessageStreamEvent>,
  { answerToolName, includeUsage = false }: StreamConversionOptions = {},
): AsyncIterable<ChatCompletionChunk> {
  let id = '';
  let model = '';
  const created = Math.floor(Date.now() / 1000);
  let inputTokens = 0;
  // Anthropic numbers all content blocks; OpenAI numbers tool calls only.
  const toolIndexByBlock = new Map<number, number>();
  const answerBlocks = new Set<number>();
  const chunk = (
    delta: Delta,
    finishReason: ChatCompletionChunk['choices'][number]['finish_reason'] = null,
  ): ChatCompletionChunk => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  });

  for await (const event of events) {
    switch (event.type) {
      case 'message_start':
        id = event.message.id;
        model = event.message.model;
        inputTokens = event.message.usage.input_tokens;
        yield chunk({ role: 'assistant', content: '' });
        break;
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'text' && block.text) yield chunk({ content: block.text });
        if (block.type !== 'tool_use') break;
        if (block.name === answerToolName) {
          answerBlocks.add(event.index);
          break;
        }
        const index = toolIndexByBlock.size;
        toolIndexByBlock.set(event.index, index);
        yield chunk({
          tool_calls: [{ index, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }],
        });
        break;
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta.type === 'text_delta') yield chunk({ content: delta.text });
        if (delta.type !== 'input_json_delta' || !delta.partial_json) break;
        const index = toolIndexByBlock.get(event.index);
        if (answerBlocks.has(event.index)) yield chunk({ content: delta.partial_json });
        else if (index !== undefined)
          yield chunk({ tool_calls: [{ index, function: { arguments: delta.partial_json } }] });
        break;
      }
      case 'message_delta': {
        yield chunk({}, toFinishReason(event.delta.stop_reason, answerBlocks.size > 0));
        if (includeUsage)
          yield {
            ...chunk({}),
            choices: [],
            usage: toUsage({ input_tokens: inputTokens, output_tokens: event.usage.output_tokens }),
          };
        break;
      }
      default:
        // content_block_stop and message_stop carry nothing a chunk needs.
        break;
    }
  }
}
