import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

/** What the fake provider answers: a JSON body, or server-sent events written one by one. */
export interface FakeReply {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  /** Raw SSE frames, e.g. from `openAiSse` or `anthropicSse`. */
  readonly sse?: readonly string[];
  /** Waits this long before answering (a slow provider). */
  readonly delayMs?: number;
}

export interface FakeProviderServer {
  /** `http://127.0.0.1:<port>`; OpenAI clients add `/v1`, Anthropic's SDK adds `/v1/messages` itself. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Every later request gets this reply. */
  reply(reply: FakeReply): void;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 imitating OpenAI's `/v1/chat/completions` and Anthropic's `/v1/messages`. */
export async function startFakeProviderServer(): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  let next: FakeReply = { status: 500, json: { error: { message: 'no reply configured' } } };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : {},
      });
      const reply = next;
      const timer = setTimeout(() => {
        if (reply.sse) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'text/event-stream', ...reply.headers });
          for (const frame of reply.sse) res.write(frame);
          res.end();
          return;
        }
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.json ?? {}));
      }, reply.delayMs ?? 0);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(reply) {
      next = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** OpenAI's stream format: one `data:` line per chunk, then `data: [DONE]`. */
export function openAiSse(chunks: readonly unknown[]): string[] {
  return [...chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`), 'data: [DONE]\n\n'];
}

/** Anthropic's stream format: a named event per frame, its `type` repeated in the data. */
export function anthropicSse(events: readonly Readonly<Record<string, unknown> & { type: string }>[]): string[] {
  return events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}
