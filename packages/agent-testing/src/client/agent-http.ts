import { z } from 'zod';
import { type AgentTestClientError, errorForStatus } from './agent-test-client-errors';

/** One call to the agent, relative to its prefix. */
export interface AgentCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `/books/1`: under the agent's prefix; segments already encoded. */
  readonly path: string;
  readonly query?: URLSearchParams;
  readonly body?: unknown;
  /** The collection the call is about, named by its errors. */
  readonly collection?: string;
}

const agentErrorBodySchema = z.object({
  errors: z.array(z.looseObject({ name: z.string(), detail: z.string() })).min(1),
});
const sandboxErrorBodySchema = z.object({ code: z.string(), message: z.string() });

/**
 * Sends calls to a running agent with the current user's token, and turns refusals into typed
 * errors. Every answer is read before returning, so no socket stays busy after a test.
 */
export class AgentHttp {
  constructor(
    private readonly baseUrl: string,
    private readonly getToken: (collection: string | undefined) => Promise<string>,
  ) {}

  /** Sends `call` and returns the response once its status is a success. @throws AgentTestClientError */
  async send(call: AgentCall): Promise<Response> {
    const response = await this.fetch(call);
    if (response.ok) return response;

    throw errorFromBody(response, await response.text(), describeCall(call), call.collection);
  }

  /** Sends `call` and returns the response whatever its status. */
  async fetch(call: AgentCall): Promise<Response> {
    const token = await this.getToken(call.collection);

    return fetch(`${this.baseUrl}${call.path}${call.query?.size ? `?${call.query}` : ''}`, {
      method: call.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(call.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  }

  /** `send`, then the JSON body. */
  async json(call: AgentCall): Promise<unknown> {
    return (await this.send(call)).json();
  }
}

/** `GET /books`: the call as its errors name it. */
export function describeCall(call: AgentCall): string {
  return `${call.method} ${call.path}`;
}

/** The typed error of a refused answer, from its status and body. */
export async function readError(
  response: Response,
  request: string,
  collection: string | undefined,
): Promise<AgentTestClientError> {
  return errorFromBody(response, await response.text(), request, collection);
}

/**
 * The typed error of a refused answer, with the agent's message (`{ errors: [{ name, detail }] }`)
 * or the sandbox's (`{ code, message }`), prefixed by the collection and the status.
 */
export function errorFromBody(
  response: Response,
  text: string,
  request: string,
  collection: string | undefined,
): AgentTestClientError {
  const body = parseJson(text);
  const agentError = agentErrorBodySchema.safeParse(body);
  const sandboxError = sandboxErrorBodySchema.safeParse(body);
  const detail = agentError.success
    ? agentError.data.errors[0]?.detail
    : sandboxError.success
      ? sandboxError.data.message
      : text.slice(0, 500) || response.statusText;
  const agentErrorName = agentError.success ? agentError.data.errors[0]?.name : sandboxError.data?.code;
  const where = collection === undefined ? '' : `Collection '${collection}': `;

  return errorForStatus(`${where}${request} answered ${response.status}: ${detail}`, {
    status: response.status,
    collection,
    agentErrorName,
    request,
  });
}

/** The JSON value of `text`, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
