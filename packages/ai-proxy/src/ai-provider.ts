import type { AiProviderKind } from './config/ai-provider-options';
import type { ChatCompletionRequest } from './format/chat-completion-request';
import type { ChatCompletion, ChatCompletionChunk } from './format/chat-completion-response';

export interface AiCallOptions {
  /** Aborts the call; it then rejects with an `AiRequestAbortedError`. */
  readonly signal?: AbortSignal;
}

/** One configured model of one provider, spoken to in OpenAI's chat-completions format. */
export interface AiProvider {
  readonly name: string;
  readonly provider: AiProviderKind;
  /** The model used when a request names none. */
  readonly model: string;
  /**
   * Sends a request and returns the whole answer. The request is validated again with
   * `chatCompletionRequestSchema` (an invalid one throws `AiBadRequestError`).
   */
  complete(request: ChatCompletionRequest, options?: AiCallOptions): Promise<ChatCompletion>;
  /** Sends a request and yields the answer as chat-completion chunks, tool-call arguments included. */
  stream(request: ChatCompletionRequest, options?: AiCallOptions): AsyncIterable<ChatCompletionChunk>;
}
