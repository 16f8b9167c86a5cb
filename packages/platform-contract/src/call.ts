import type { z } from 'zod';
import { contractErrorSchema } from './messages';
import { type AgentContract, agentContract, type ContractRouteName, SECRET_HEADER } from './routes';

type RequestOf<Name extends ContractRouteName> = AgentContract[Name]['request'] extends z.ZodType
  ? z.input<AgentContract[Name]['request']>
  : undefined;
type ResponseOf<Name extends ContractRouteName> = AgentContract[Name]['response'] extends z.ZodType
  ? z.output<AgentContract[Name]['response']>
  : undefined;

/** Why a contract call failed: `unreachable`, `timeout`, an HTTP `status`, or a `malformed` answer. */
export type ContractFailure = 'unreachable' | 'timeout' | 'status' | 'malformed';

/** A contract call that did not succeed; the message names the endpoint and the reason. */
export class ContractCallError extends Error {
  override readonly name = 'ContractCallError';
  readonly endpoint: string;
  readonly failure: ContractFailure;
  /** HTTP status when the server answered. */
  readonly status?: number;
  /** The server's error code (`unauthorized`, `invalid_request`…) when it sent one. */
  readonly code?: string;
  /** The server's own error message, when it sent a contract error body. */
  readonly serverMessage?: string;

  constructor(
    message: string,
    details: { endpoint: string; failure: ContractFailure; status?: number; code?: string; serverMessage?: string },
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.endpoint = details.endpoint;
    this.failure = details.failure;
    this.status = details.status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
  }

  /** True for failures worth retrying: network, timeout, 429 and 5XX. */
  get isTransient(): boolean {
    if (this.failure === 'unreachable' || this.failure === 'timeout') return true;
    return this.failure === 'status' && (this.status === 429 || (this.status ?? 0) >= 500);
  }
}

export interface ContractCallOptions {
  /** The platform's URL (`serverUrl`), without trailing slash. */
  readonly serverUrl: string;
  /** The environment secret. */
  readonly envSecret: string;
  /** Milliseconds before the call is abandoned; default 10 s. */
  readonly timeoutMs?: number;
  /** The `fetch` to use; default the global one. */
  readonly fetch?: typeof fetch;
}

export const DEFAULT_CONTRACT_TIMEOUT_MS = 10_000;

/**
 * Calls one route of the agent contract with the environment secret, validates the answer with
 * the route's schema and returns it.
 * @throws ContractCallError naming the endpoint on network failure, timeout, a non-success
 * status, or an answer that does not match the contract.
 */
export async function callAgentContract<Name extends ContractRouteName>(
  options: ContractCallOptions,
  name: Name,
  ...body: RequestOf<Name> extends undefined ? [] : [RequestOf<Name>]
): Promise<ResponseOf<Name>> {
  const route = agentContract[name];
  const endpoint = `${route.method} ${route.path}`;
  const headers: Record<string, string> = { [SECRET_HEADER]: options.envSecret, accept: 'application/json' };
  if (route.request !== null) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${options.serverUrl}${route.path}`, {
      method: route.method,
      headers,
      body: route.request === null ? undefined : JSON.stringify(body[0]),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_CONTRACT_TIMEOUT_MS),
    });
  } catch (error) {
    // Compared by name: the DOMException fetch rejects with may come from another realm.
    const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
    throw new ContractCallError(
      timedOut
        ? `The platform did not answer ${endpoint} within ${options.timeoutMs ?? DEFAULT_CONTRACT_TIMEOUT_MS} ms.`
        : `The platform at ${options.serverUrl} cannot be reached (${endpoint}): ${String((error as { message?: unknown } | null)?.message ?? error)}.`,
      { endpoint, failure: timedOut ? 'timeout' : 'unreachable' },
      { cause: error },
    );
  }

  if (response.status !== route.status) {
    const text = await response.text().catch(() => '');
    const parsedError = contractErrorSchema.safeParse(safeJson(text));
    const detail = parsedError.success ? parsedError.data.message : text.slice(0, 200) || response.statusText;
    throw new ContractCallError(`The platform answered ${response.status} to ${endpoint}: ${detail}`, {
      endpoint,
      failure: 'status',
      status: response.status,
      code: parsedError.success ? parsedError.data.code : undefined,
      serverMessage: parsedError.success ? parsedError.data.message : undefined,
    });
  }

  if (route.response === null) {
    await response.body?.cancel();
    return undefined as ResponseOf<Name>;
  }

  const text = await response.text();
  const parsed = route.response.safeParse(safeJson(text));
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
    throw new ContractCallError(`The platform's answer to ${endpoint} is malformed (${problems.join('; ')}).`, {
      endpoint,
      failure: 'malformed',
      status: response.status,
    });
  }

  return parsed.data as ResponseOf<Name>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
