import type OpenAI from 'openai';

/** The answer of `complete`: OpenAI's chat-completion object, whatever the provider. */
export type ChatCompletion = OpenAI.Chat.Completions.ChatCompletion;
/** One item of `stream`: OpenAI's chat-completion chunk, whatever the provider. */
export type ChatCompletionChunk = OpenAI.Chat.Completions.ChatCompletionChunk;
export type ChatCompletionFinishReason = ChatCompletion['choices'][number]['finish_reason'];
