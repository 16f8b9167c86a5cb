import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What one call of a load gave: its HTTP answer; `connection-error` when no answer came (refused,
 * reset before the status line); `incomplete` when the status came but the body was cut.
 */
export interface Outcome {
  readonly call: string;
  /** The load's sequence number of the call, which calls use to make unique inputs. */
  readonly sequence: number;
  readonly status: number | 'connection-error' | 'incomplete';
  readonly body: unknown;
  readonly retryAfter: string | null;
  /** `X-RateLimit-Remaining`, when the answer had it. */
  readonly rateLimitRemaining: string | null;
  readonly startedAt: number;
  readonly endedAt: number;
}

export interface LoadCall {
  readonly name: string;
  readonly send: (sequence: number) => Promise<Response>;
}

export interface Load {
  /** Every outcome so far, in the order they ended. */
  readonly outcomes: Outcome[];
  /** Stops sending, waits for the calls in flight, returns every outcome. */
  stop(): Promise<readonly Outcome[]>;
}

/** `concurrency` loops sending `calls` in turn over real sockets until `stop()`. */
export function startLoad(calls: readonly LoadCall[], options: { readonly concurrency: number }): Load {
  const outcomes: Outcome[] = [];
  let sequence = 0;
  let isStopped = false;
  const loop = async () => {
    while (!isStopped) {
      const current = sequence++;
      const call = calls[current % calls.length];
      if (!call) throw new Error('startLoad needs at least one call');
      const outcome = await send(call, current);
      outcomes.push(outcome);
      // A server that is down refuses at once: pace the loop rather than spin.
      if (outcome.status === 'connection-error') await sleep(20);
    }
  };
  const loops = Array.from({ length: options.concurrency }, loop);
  return {
    outcomes,
    async stop() {
      isStopped = true;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

async function send(call: LoadCall, sequence: number): Promise<Outcome> {
  const startedAt = Date.now();
  const failed = (status: 'connection-error' | 'incomplete') => ({
    call: call.name,
    sequence,
    status,
    body: null,
    retryAfter: null,
    rateLimitRemaining: null,
    startedAt,
    endedAt: Date.now(),
  });
  let response: Response;
  try {
    response = await call.send(sequence);
  } catch {
    return failed('connection-error');
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    return failed('incomplete');
  }
  return {
    call: call.name,
    sequence,
    status: response.status,
    body: parseJson(text),
    retryAfter: response.headers.get('retry-after'),
    rateLimitRemaining: response.headers.get('x-ratelimit-remaining'),
    startedAt,
    endedAt: Date.now(),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** How many outcomes had each status, as `{ '200': 12, '503': 3 }`. */
export function countByStatus(outcomes: readonly Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[String(outcome.status)] = (counts[String(outcome.status)] ?? 0) + 1;
  return counts;
}
