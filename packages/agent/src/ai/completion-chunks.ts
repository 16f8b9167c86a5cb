import type { ChatCompletion, ChatCompletionChunk } from '@platform/ai-proxy';

/**
 * A whole completion as the chunks a stream of it would have yielded: the message in one delta,
 * then the finish reason, then (with `includeUsage`) the usage in a chunk without choices.
 */
export function completionToChunks(completion: ChatCompletion, includeUsage: boolean): ChatCompletionChunk[] {
  const base = {
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
  } as const;
  const choice = completion.choices[0];
  const message = choice?.message;
  const toolCalls = (message?.tool_calls ?? []).flatMap((call, index) =>
    call.type === 'function'
      ? [
          {
            index,
            id: call.id,
            type: 'function' as const,
            function: { name: call.function.name, arguments: call.function.arguments },
          },
        ]
      : [],
  );
  const chunks: ChatCompletionChunk[] = [
    {
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            role: 'assistant',
            content: message?.content ?? '',
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
          finish_reason: null,
        },
      ],
    },
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: choice?.finish_reason ?? 'stop' }] },
  ];
  if (includeUsage && completion.usage !== undefined) chunks.push({ ...base, choices: [], usage: completion.usage });

  return chunks;
}
