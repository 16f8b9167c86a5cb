/** An open events stream read as text: `waitFor` resolves once the text received matches. */
export interface EventStreamReader {
  readonly status: number;
  readonly contentType: string | null;
  readonly headers: Headers;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  close(): void;
}

/** Opens `url` with `headers` and reads its body as it arrives. */
export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  let received = '';
  const waiters = new Set<() => void>();
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      received += decoder.decode(chunk, { stream: true });
      for (const wake of waiters) wake();
    }
  })().catch(() => {});

  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    waitFor(pattern, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(received)) return;
          cleanup();
          resolve(received);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `No ${pattern} on the events stream within ${timeoutMs} ms; received ${JSON.stringify(received)}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      controller.abort();
      void reading;
    },
  };
}
