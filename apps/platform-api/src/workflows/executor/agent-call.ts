import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { AgentRefusedError, StepFailedError } from './executor-errors';

export interface AgentRequest {
  readonly method: 'GET' | 'PUT' | 'POST';
  /** Path under the agent's routes, already encoded (`/orders/42?fields[orders]=id`). */
  readonly path: string;
  readonly body?: unknown;
}

export interface AgentCallOptions {
  /** The agent's URL with its route prefix. */
  readonly baseUrl: string;
  /** A fresh user token for each attempt (tokens are short-lived). */
  readonly token: () => Promise<string>;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly retryBaseDelayMs: number;
  /** Aborted when the worker stops or loses the run: no retry then. */
  readonly signal: AbortSignal;
  readonly fetch: typeof fetch;
}

export interface AgentAnswer {
  readonly status: number;
  /** The parsed JSON body, or null for an empty or non-JSON body. */
  readonly body: unknown;
  /** Calls made, retries included. */
  readonly attempts: number;
}

/** The agent's error body (`{ errors: [{ name, detail }] }`) and an action's error (`{ error }`). */
const agentErrorSchema = z.union([
  z.object({ errors: z.array(z.object({ name: z.string().optional(), detail: z.string().optional() })).min(1) }),
  z.object({ error: z.string() }),
]);

type Attempt = { readonly answer: { status: number; body: unknown } } | { readonly failure: string };

/**
 * Calls the agent as the run's user. Network errors, timeouts and 5xx answers are retried up to
 * `retries` times, waiting `retryBaseDelayMs` then twice as long each time; a 4xx is final.
 * @throws StepFailedError saying what the agent answered (status, its error name and message) or
 *   why it could not be reached, with the number of attempts (an AgentRefusedError, with the status
 *   and body, for a 4xx); the abort reason when `signal` aborts.
 */
export async function callAgent(request: AgentRequest, options: AgentCallOptions): Promise<AgentAnswer> {
  let last: Attempt = { failure: 'no attempt made' };
  const maxAttempts = options.retries + 1;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) await sleep(options.retryBaseDelayMs * 2 ** (attempt - 2), undefined, { signal: options.signal });
    last = await attemptOnce(request, options);
    if ('answer' in last && last.answer.status < 500) {
      if (last.answer.status < 400) return { ...last.answer, attempts: attempt };
      throw new AgentRefusedError(describeAnswer(last.answer), attempt, last.answer.status, last.answer.body);
    }
  }
  const reason = 'answer' in last ? describeAnswer(last.answer) : last.failure;
  throw new StepFailedError(`${reason} (${maxAttempts} attempt${maxAttempts > 1 ? 's' : ''})`, maxAttempts);
}

async function attemptOnce(request: AgentRequest, options: AgentCallOptions): Promise<Attempt> {
  const url = `${options.baseUrl}${request.path}`;
  // Outside the try: a token that cannot be minted is no network error, and is not retried.
  const token = await options.token();
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await options.fetch(url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.any([options.signal, timeout]),
    });
    const text = await response.text();
    return { answer: { status: response.status, body: parseJson(text) } };
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    if (timeout.aborted) {
      return { failure: `The agent did not answer ${request.method} ${request.path} within ${options.timeoutMs} ms` };
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    return { failure: `The agent could not be reached at ${url} (${detail})` };
  }
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function describeAnswer(answer: { status: number; body: unknown }): string {
  const parsed = agentErrorSchema.safeParse(answer.body);
  let detail = '';
  if (parsed.success && 'errors' in parsed.data) {
    const [first] = parsed.data.errors;
    detail = [first?.name, first?.detail].filter(Boolean).join(': ');
  } else if (parsed.success && 'error' in parsed.data) {
    detail = parsed.data.error;
  }
  return `The agent answered ${answer.status}${detail ? ` (${detail})` : ''}`;
}
