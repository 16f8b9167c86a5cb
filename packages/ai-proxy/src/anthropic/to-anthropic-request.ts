import type Anthropic from '@anthropic-ai/sdk';
import { AiBadRequestError } from '../errors/ai-provider-error';
import type {
  ChatCompletionMessage,
  ChatCompletionRequest,
  ChatCompletionToolChoice,
} from '../format/chat-completion-request';
import { answerToolOf, JSON_OBJECT_INSTRUCTION, jsonSchemaInstruction } from './json-answer';

type MessageParam = Anthropic.Messages.MessageParam;
type ContentBlockParam = Anthropic.Messages.ContentBlockParam;

/** Anthropic requires `max_tokens`; OpenAI does not, so a request without one gets this. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 1024;

/**
 * Converts a chat-completions request into Anthropic's Messages request: system messages become
 * `system`, tool messages `tool_result` blocks of a user turn, assistant tool calls `tool_use`
 * blocks (same ids), and consecutive turns of one role are merged, as Anthropic alternates roles.
 */
export function toAnthropicRequest(
  request: ChatCompletionRequest,
  model: string,
  providerName: string,
): Anthropic.Messages.MessageCreateParamsNonStreaming {
  const system: string[] = [];
  const messages: MessageParam[] = [];
  for (const message of request.messages) {
    if (message.role === 'system' || message.role === 'developer') {
      system.push(textOf(message.content));
      continue;
    }
    const turn = toTurn(message, providerName);
    const last = messages.at(-1);
    if (last && last.role === turn.role) last.content = [...blocksOf(last.content), ...blocksOf(turn.content)];
    else messages.push(turn);
  }

  const answerTool = answerToolOf(request);
  const format = request.response_format;
  if (format?.type === 'json_object') system.push(JSON_OBJECT_INSTRUCTION);
  if (format?.type === 'json_schema' && !answerTool) system.push(jsonSchemaInstruction(format.json_schema));

  const tools = (request.tools ?? []).map(
    (tool): Anthropic.Messages.Tool => ({
      name: tool.function.name,
      ...(tool.function.description === undefined ? {} : { description: tool.function.description }),
      input_schema: (tool.function.parameters ?? {
        type: 'object',
        properties: {},
      }) as Anthropic.Messages.Tool.InputSchema,
    }),
  );
  if (answerTool) tools.push(answerTool);
  const toolChoice = answerTool
    ? ({ type: 'tool', name: answerTool.name } as const)
    : toToolChoice(request.tool_choice, request.parallel_tool_calls);
  const stop = request.stop === undefined ? undefined : [request.stop].flat();

  return {
    model: request.model ?? model,
    max_tokens: request.max_completion_tokens ?? request.max_tokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
    messages,
    ...(system.length > 0 ? { system: system.join('\n\n') } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(toolChoice && tools.length > 0 ? { tool_choice: toolChoice } : {}),
    ...(request.temperature === undefined ? {} : { temperature: Math.min(request.temperature, 1) }),
    ...(request.top_p === undefined ? {} : { top_p: request.top_p }),
    ...(stop ? { stop_sequences: stop } : {}),
    ...(request.user === undefined ? {} : { metadata: { user_id: request.user } }),
  };
}

function toTurn(
  message: Exclude<ChatCompletionMessage, { role: 'system' | 'developer' }>,
  providerName: string,
): MessageParam {
  switch (message.role) {
    case 'user':
      return {
        role: 'user',
        content:
          typeof message.content === 'string'
            ? message.content
            : message.content.map((part) =>
                part.type === 'text' ? textBlock(part.text) : imageBlock(part.image_url.url),
              ),
      };
    case 'tool':
      return {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: message.tool_call_id, content: textOf(message.content) }],
      };
    case 'assistant': {
      const text = message.content ? textOf(message.content) : '';
      const calls = (message.tool_calls ?? []).map(
        (call): ContentBlockParam => ({
          type: 'tool_use',
          id: call.id,
          name: call.function.name,
          input: parseArguments(call.function.arguments, call.id, providerName),
        }),
      );
      return { role: 'assistant', content: [...(text ? [textBlock(text)] : []), ...calls] };
    }
    default: {
      const unexpected: never = message;
      throw new Error(`Unexpected message role in ${JSON.stringify(unexpected)}`);
    }
  }
}

function toToolChoice(
  choice: ChatCompletionToolChoice | undefined,
  parallel: boolean | undefined,
): Anthropic.Messages.ToolChoice | undefined {
  const noParallel = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined) return parallel === false ? { type: 'auto', ...noParallel } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'auto') return { type: 'auto', ...noParallel };
  if (choice === 'required') return { type: 'any', ...noParallel };
  return { type: 'tool', name: choice.function.name, ...noParallel };
}

function textOf(content: string | readonly { readonly text: string }[]): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

function blocksOf(content: MessageParam['content']): ContentBlockParam[] {
  return typeof content === 'string' ? [textBlock(content)] : content;
}

function textBlock(text: string): Anthropic.Messages.TextBlockParam {
  return { type: 'text', text };
}

const DATA_URL = /^data:(image\/(?:jpeg|png|gif|webp));base64,(.+)$/s;

function imageBlock(url: string): Anthropic.Messages.ImageBlockParam {
  const data = DATA_URL.exec(url);
  if (data?.[1] && data[2]) {
    const mediaType = data[1] as Anthropic.Messages.Base64ImageSource['media_type'];
    return { type: 'image', source: { type: 'base64', media_type: mediaType, data: data[2] } };
  }
  return { type: 'image', source: { type: 'url', url } };
}

function parseArguments(text: string, callId: string, providerName: string): Record<string, unknown> {
  try {
    const input: unknown = JSON.parse(text || '{}');
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  } catch {
    // Reported below with the call id.
  }
  throw new AiBadRequestError(`The arguments of tool call '${callId}' are not a JSON object.`, { providerName });
}
