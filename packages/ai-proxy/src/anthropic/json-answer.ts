import type Anthropic from '@anthropic-ai/sdk';
import type { ChatCompletionRequest, ChatCompletionResponseFormat } from '../format/chat-completion-request';

type JsonSchemaFormat = Extract<ChatCompletionResponseFormat, { type: 'json_schema' }>['json_schema'];

export const JSON_OBJECT_INSTRUCTION = 'Answer with a single JSON object and nothing else.';

/**
 * Anthropic has no `response_format`. A `json_schema` request without tools becomes a forced tool
 * whose input schema is the answer's schema: the model must call it, and its input is returned as
 * the message content (finish reason `stop`). With tools of its own, forcing a tool would stop the
 * model from calling them, so the schema is given as a system instruction instead.
 */
export function answerToolOf(request: ChatCompletionRequest): Anthropic.Messages.Tool | undefined {
  const format = request.response_format;
  if (format?.type !== 'json_schema' || (request.tools?.length ?? 0) > 0) return undefined;
  return {
    name: format.json_schema.name,
    description: format.json_schema.description ?? 'Give your answer as the input of this tool.',
    input_schema: (format.json_schema.schema ?? { type: 'object' }) as Anthropic.Messages.Tool.InputSchema,
  };
}

export function jsonSchemaInstruction(format: JsonSchemaFormat): string {
  return `Answer with a single JSON value matching this JSON schema and nothing else: ${JSON.stringify(format.schema ?? {})}`;
}
