import { SECRET_HEADER } from '@platform/platform-contract';
import type { AgentContractTarget } from './agent-contract-target';

export interface SendInit {
  readonly method?: string;
  /** The environment secret sent; the target's by default, none with null. */
  readonly secret?: string | null;
  readonly body?: string | Uint8Array;
  /** Replaces the default `content-type: application/json`, adds any other. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** @internal What the parts of the contract suite share once the target started. */
export interface SuiteContext {
  target(): AgentContractTarget;
  /** A raw request to the target (no redirect followed). */
  send(path: string, init?: SendInit): Promise<Response>;
}

/** @internal */
export function createSuiteContext(target: () => AgentContractTarget): SuiteContext {
  return {
    target,
    send(path, init = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
      const secret = init.secret === undefined ? target().envSecret : init.secret;
      if (secret !== null) headers[SECRET_HEADER] = secret;
      return fetch(`${target().serverUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body,
        redirect: 'manual',
      });
    },
  };
}
