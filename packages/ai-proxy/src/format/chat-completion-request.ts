import { z } from 'zod';

const textPartSchema = z.object({ type: z.literal('text'), text: z.string() });
const imagePartSchema = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string().min(1), detail: z.enum(['auto', 'low', 'high']).optional() }),
});
const textContentSchema = z.union([z.string(), z.array(textPartSchema)]);

const toolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

const messageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: textContentSchema, name: z.string().optional() }),
  z.object({ role: z.literal('developer'), content: textContentSchema, name: z.string().optional() }),
  z.object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.union([textPartSchema, imagePartSchema]))]),
    name: z.string().optional(),
  }),
  z.object({
    role: z.literal('assistant'),
    content: textContentSchema.nullable().optional(),
    tool_calls: z.array(toolCallSchema).optional(),
    name: z.string().optional(),
  }),
  z.object({ role: z.literal('tool'), tool_call_id: z.string().min(1), content: textContentSchema }),
]);

const toolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullable().optional(),
  }),
});

const toolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1) }) }),
]);

const responseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({
      name: z.string().min(1),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullable().optional(),
    }),
  }),
]);

/**
 * The one request format of every provider: the subset of OpenAI's chat-completions request that
 * both providers can serve. `model` is optional and defaults to the provider's `model`; `stream` is
 * chosen by calling `complete` or `stream`, so it is not part of it.
 */
export const chatCompletionRequestSchema = z.object({
  model: z.string().min(1).optional(),
  messages: z.array(messageSchema).min(1),
  tools: z.array(toolSchema).optional(),
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().optional(),
  response_format: responseFormatSchema.optional(),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  stop: z.union([z.string(), z.array(z.string()).max(4)]).optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).optional(),
  user: z.string().optional(),
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;
export type ChatCompletionMessage = ChatCompletionRequest['messages'][number];
export type ChatCompletionTool = NonNullable<ChatCompletionRequest['tools']>[number];
export type ChatCompletionToolChoice = NonNullable<ChatCompletionRequest['tool_choice']>;
export type ChatCompletionResponseFormat = NonNullable<ChatCompletionRequest['response_format']>;
