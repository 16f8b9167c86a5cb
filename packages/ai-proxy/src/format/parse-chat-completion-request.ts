import { AiBadRequestError } from '../errors/ai-provider-error';
import { type ChatCompletionRequest, chatCompletionRequestSchema } from './chat-completion-request';

/** Parses a request, or throws an `AiBadRequestError` listing the fields at fault. */
export function parseChatCompletionRequest(request: unknown, providerName: string): ChatCompletionRequest {
  const result = chatCompletionRequestSchema.safeParse(request);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(request)'}: ${issue.message}`);
  throw new AiBadRequestError(
    `Invalid chat-completion request for AI provider '${providerName}': ${issues.join('; ')}`,
    {
      providerName,
    },
  );
}
