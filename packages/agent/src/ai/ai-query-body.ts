import { chatCompletionRequestSchema } from '@platform/ai-proxy';
import { z } from 'zod';

// A tool chosen by name, or as a chat-completions function tool (only its name is read: the agent
// writes the description and parameters of its own tools).
const toolSelectionSchema = z.union([
  z.string().min(1),
  z.object({ type: z.literal('function').optional(), function: z.object({ name: z.string().min(1) }) }),
]);

/**
 * The body of `POST <prefix>/_internal/ai-proxy/ai-query`: a chat-completions request, plus
 * `provider` (the provider's name; checked when given), `stream`, and `tools` read as a selection
 * of the agent's collection tools (absent: all of them; `[]`: none).
 */
export const aiQueryBodySchema = chatCompletionRequestSchema.extend({
  provider: z.string().min(1).optional(),
  stream: z.boolean().optional(),
  tools: z.array(toolSelectionSchema).max(50).optional(),
});

export type AiQueryBody = z.infer<typeof aiQueryBodySchema>;

/** The body of `POST <prefix>/_internal/ai-proxy/tools/:name`: the arguments, as an object or JSON text. */
export const aiToolCallBodySchema = z.strictObject({
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
});

/** The names a body's `tools` selects. */
export function selectedToolNames(tools: AiQueryBody['tools']): string[] | undefined {
  return tools?.map((tool) => (typeof tool === 'string' ? tool : tool.function.name));
}
