import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake provider received: its body and `Authorization` header. */
export interface ReceivedRequest {
  readonly body: {
    readonly messages: Array<{ role: string; content?: unknown; tool_call_id?: string }>;
    readonly tools?: Array<{ function: { name: string } }>;
    readonly tool_choice?: unknown;
    readonly stream?: boolean;
  };
  readonly authorization: string | undefined;
}

/** What the fake answers: a status, headers and a JSON body. */
export interface FakeReply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body: unknown;
}

export interface FakeOpenAi {
  /** The base URL to give `createAiProvider` (with `/v1`). */
  readonly baseUrl: string;
  readonly requests: ReceivedRequest[];
  /** Replaces how the fake answers (default: `listThenEcho`). */
  answerWith(answer: (request: ReceivedRequest) => FakeReply): void;
  close(): Promise<void>;
}

/** A chat completion answering `content`, or the tool calls given. */
export function completion(
  content: string | null,
  toolCalls: Array<{ id: string; name: string; arguments: string }> = [],
) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-test',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          refusal: null,
          ...(toolCalls.length > 0
            ? {
                tool_calls: toolCalls.map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/**
 * The model of the tests: first asks for `list` on `orders`, then, once it has a tool result,
 * answers a text quoting it (`Received: <tool message>`).
 */
export function listThenEcho(request: ReceivedRequest): FakeReply {
  const toolMessage = request.body.messages.findLast((message) => message.role === 'tool');
  if (toolMessage === undefined) {
    return { body: completion(null, [{ id: 'call_1', name: 'list', arguments: '{"collection":"orders"}' }]) };
  }

  return { body: completion(`Received: ${String(toolMessage.content)}`) };
}

/** An OpenAI-compatible server on 127.0.0.1 answering `POST /v1/chat/completions`. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ReceivedRequest[] = [];
  let answer = listThenEcho;
  const server: Server = createServer(async (req, res) => {
    const request: ReceivedRequest = {
      body: JSON.parse(await readBody(req)),
      authorization: req.headers.authorization,
    };
    requests.push(request);
    const reply = answer(request);
    if (request.body.stream === true && (reply.status ?? 200) === 200) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const chunk of toChunks(reply.body as ReturnType<typeof completion>))
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      res.end('data: [DONE]\n\n');
      return;
    }
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith(next) {
      answer = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// A text completion as OpenAI streams it: the role, the text in two pieces, the finish reason.
function toChunks(answer: ReturnType<typeof completion>) {
  const text = answer.choices[0]?.message.content ?? '';
  const base = { id: answer.id, object: 'chat.completion.chunk', created: answer.created, model: answer.model };
  const pieces = [text.slice(0, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))];

  return [
    { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
    ...pieces.map((content) => ({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] })),
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
  ];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);

  return Buffer.concat(chunks).toString('utf8');
}
