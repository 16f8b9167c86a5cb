import { SECRET_HEADER } from '@platform/platform-contract';

/** An agent's `GET /agent/v1/events` stream as a test reads it. */
export interface EventStream {
  readonly status: number;
  /** The `event:` names received so far. */
  readonly events: string[];
  /** Resolves when the server ends the stream (or the connection breaks). */
  readonly ended: Promise<void>;
  close(): void;
}

/** Opens the environment's event stream and reads it in the background. */
export async function openEventStream(baseUrl: string, envSecret: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/agent/v1/events`, {
    headers: { [SECRET_HEADER]: envSecret },
    signal: controller.signal,
  });
  const events: string[] = [];
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end !== -1; end = buffered.indexOf('\n\n')) {
          const name = /^event: (.+)$/m.exec(buffered.slice(0, end))?.[1];
          if (name) events.push(name);
          buffered = buffered.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close(), or the connection broke: the stream ended either way.
    }
  })();
  return { status: response.status, events, ended, close: () => controller.abort() };
}
