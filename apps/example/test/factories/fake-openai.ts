import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for OpenAI's chat-completions API: every request gets `answer` back. */
export interface FakeOpenAi {
  /** The base URL to give `createAiProvider` (`.../v1`). */
  readonly baseUrl: string;
  /** The bodies received, parsed. */
  readonly requests: unknown[];
  close(): Promise<void>;
}

export async function startFakeOpenAi(answer: string): Promise<FakeOpenAi> {
  const requests: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push(JSON.parse(body || 'null'));
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: 'chatcmpl-example',
          object: 'chat.completion',
          created: 1_790_000_000,
          model: 'gpt-test',
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
